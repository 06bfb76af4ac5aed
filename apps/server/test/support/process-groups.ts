import fs from 'node:fs/promises';

/**
 * The living processes of process group `pgid`, from /proc: those whose state is not Z (a killed process stays a
 * zombie until it is reaped, and a zombie runs nothing).
 */
export async function livingMembersOf(pgid: number): Promise<number> {
  let living = 0;
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // "pid (comm) state ppid pgrp ...": comm may hold spaces, so read after its closing parenthesis.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z') living += 1;
  }
  return living;
}
