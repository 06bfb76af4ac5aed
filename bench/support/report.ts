// Figures and the table the benches print: percentiles, durations a person reads at a glance, and each result beside
// its goal, with a verdict.
import os from 'node:os';

/** The nearest-rank percentile (q from 0 to 100) of some samples; NaN when there are none. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((q / 100) * sorted.length) - 1))]!;
}

export function duration(ms: number): string {
  if (!Number.isFinite(ms)) return 'n/a';
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  return `${(ms / 1_000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export const count = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: n < 10 ? 2 : n < 100 ? 1 : 0 }).format(n);
export const share = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;

export type Row = { measure: string; result: string; goal?: string; met?: boolean | undefined; note?: string };

/** The table: measure, result, goal, and whether the goal is met. */
export function printTable(title: string, rows: readonly Row[]): void {
  const cells = rows.map((r) => [r.measure, r.result, r.goal ?? '', r.met === undefined ? '' : r.met ? 'met' : 'NOT MET']);
  const header = ['measure', 'result', 'goal', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd();
  process.stdout.write(`\n${title}\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  rows.forEach((r, i) => {
    process.stdout.write(`${line(cells[i]!)}\n`);
    if (r.note) process.stdout.write(`${' '.repeat(2)}${r.note}\n`);
  });
}

/** What the figures depend on besides the code: the machine, and how busy it was (other work shares its cores). */
export function machineLine(): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}, load average ${load}`;
}

export const log = (text: string) => process.stdout.write(`[${new Date().toISOString().slice(11, 19)}] ${text}\n`);
