// CPU time of this process and of every process it started: its own, its children's that have ended (the kernel adds
// those to ours when they are reaped), and its children's that are still running (a long-lived renderer, a server).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The names treeCpuByName gives the processes that answer a read: the hello-world anchor (its title), Faxline's API. */
export const HELLO_WORLD_PROCESS = 'hello-world';
export const API_PROCESS = 'node --role=all';

const CLOCK_TICK_S = 1 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** A process's /proc/<pid>/stat fields after its command name (the name may hold spaces). */
function statFields(pid: number | 'self'): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The living processes whose parent is `parent`, with their own CPU seconds and their ended children's. */
function livingChildren(parent: number): Array<{ pid: number; own: number; reaped: number }> {
  const children = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(Number(name));
    // Fields from the state on: state 0, ppid 1, ..., utime 11, stime 12, cutime 13, cstime 14.
    if (!fields || Number(fields[1]) !== parent) continue;
    children.push({
      pid: Number(name),
      own: (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_S,
      reaped: (Number(fields[13]) + Number(fields[14])) * CLOCK_TICK_S,
    });
  }
  return children;
}

/** CPU seconds used so far by the tree of processes under `pid` (this process by default), living and ended. */
export function treeCpuSeconds(pid: number = process.pid): number {
  const fields = statFields(pid === process.pid ? 'self' : pid);
  if (!fields) return 0;
  let total = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * CLOCK_TICK_S;
  for (const child of livingChildren(pid)) total += treeCpuSeconds(child.pid);
  return total;
}

/**
 * CPU seconds so far of every process under `pid`, by what each is (its command name; a Faxline server by its role),
 * with the ended children of each counted under "<name>: ended children" (one-off programs it ran and reaped).
 */
export function treeCpuByName(pid: number = process.pid, into: Map<string, number> = new Map()): Map<string, number> {
  const fields = statFields(pid === process.pid ? 'self' : pid);
  if (!fields) return into;
  let name = 'process';
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const role = /--role=(\w+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '))?.[1];
    if (role) name = `${name} --role=${role}`;
    if (pid === process.pid) name = 'this bench';
  } catch {
    // Ended while being read: its figures went to its parent.
  }
  const add = (key: string, seconds: number) => into.set(key, (into.get(key) ?? 0) + seconds);
  add(name, (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_S);
  add(`${name}: ended children`, (Number(fields[13]) + Number(fields[14])) * CLOCK_TICK_S);
  for (const child of livingChildren(pid)) treeCpuByName(child.pid, into);
  return into;
}

/** The machine's CPU time so far, all cores together, in clock ticks: busy, and in all (from /proc/stat's first line). */
export function machineTicks(): { busy: number; total: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal (guest time is already in user): idle and iowait are not busy.
  const ticks = fields.slice(0, 8).map(Number);
  const total = ticks.reduce((sum, tick) => sum + tick, 0);
  return { busy: total - ticks[3]! - ticks[4]!, total };
}

/** The share of the machine's CPU time that was busy between two readings of machineTicks (0 to 1). */
export function busyShare(before: { busy: number; total: number }, after: { busy: number; total: number }): number {
  return (after.busy - before.busy) / Math.max(1, after.total - before.total);
}
