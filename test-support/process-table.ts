// What the tests read of running processes from /proc: to tell a busy process from a waiting one, and to find the
// PostgreSQL servers of a data folder; and how they signal one that may have ended.
import fs from 'node:fs/promises';

type Stat = { state: string | undefined; ppid: number; cpuTicks: number };

/** /proc/<pid>/stat, read after the command's closing parenthesis (a command name may hold spaces). */
async function statOf(pid: string): Promise<Stat> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    state: fields[0] || undefined,
    ppid: Number(fields[1]),
    cpuTicks: Number(fields[11]) + Number(fields[12]),
  };
}

async function processIds(): Promise<string[]> {
  return (await fs.readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
}

/**
 * What a process is doing: its state, the CPU time it has used, and the commands of its children (a Ghostscript run
 * that never ends shows here): to tell a busy process from a waiting one when work stops.
 */
export async function describeProcess(pid: number): Promise<string> {
  const own = await statOf(String(pid));
  if (!own.state) return `process ${pid} is gone`;
  const children: string[] = [];
  for (const entry of await processIds()) {
    if ((await statOf(entry)).ppid !== pid) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    children.push(`${entry}: ${cmdline.split('\0').join(' ').slice(0, 200)}`);
  }
  return `process ${pid}: state ${own.state}, ${own.cpuTicks} CPU ticks used; children: ${children.join(' | ') || 'none'}`;
}

/** PIDs of PostgreSQL server processes whose data folder lies under `dir`. */
export async function postgresProcessesUnder(dir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await processIds()) {
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0');
    if (args[0]?.endsWith('/postgres') && args.some((arg) => arg.startsWith(dir))) pids.push(Number(entry));
  }
  return pids;
}

/**
 * Signals a process (a negative pid: its whole group), unless it has ended already: a process that ended between a
 * test's listing of it and the signal is what a test stopping it wants.
 */
export function signalIfRunning(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
