import fs from 'node:fs/promises';

export type LogLine = { at: number; process: string; text: string };

/** Every line the server processes of a test printed, in order, to explain a failure with the lines about one fax. */
export class ProcessLogs {
  readonly lines: LogLine[] = [];
  add(processName: string, text: string) {
    for (const line of text.split('\n')) if (line.trim()) this.lines.push({ at: Date.now(), process: processName, text: line.trim() });
  }
  /** What to pass a started process as `onLine`: its lines, under its name. */
  of(processName: string): (line: string) => void {
    return (line) => this.add(processName, line);
  }
  /** Writes every line to `file` (time, process, line), for the post-mortem of a failed battery. */
  async save(file: string): Promise<void> {
    await fs.writeFile(file, this.lines.map((l) => `${new Date(l.at).toISOString()} [${l.process}] ${l.text}`).join('\n'));
  }
  about(needle: string, max = 40): string[] {
    return this.lines
      .filter((l) => l.text.includes(needle))
      .slice(-max)
      .map((l) => `[${l.process}] ${l.text}`);
  }
}
