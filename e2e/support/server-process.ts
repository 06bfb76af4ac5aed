// The names the browser tests' global setup starts its server with, kept for it alone: every test file starts
// Faxline through test-support/faxline-process.ts, and these are that module's, in the shape the setup calls them.
import type { ChildProcess } from 'node:child_process';
import { startProcess as startGroupProcess } from '../../test-support/faxline-process';

export { freePort, repoRoot, tempDataDir } from '../../test-support/faxline-process';

/** Starts a command in its own process group, as a terminal would; `exited` resolves with its exit code. */
export function startProcess(command: string, args: string[], env: Record<string, string>) {
  // Any free port for the e-mail to fax gateway unless a test names one: servers of parallel tests never meet on 2525.
  const started = startGroupProcess(command, args, { env: { SMTP_INGRESS_PORT: '0', ...env } });
  return { child: started.child, output: started.output, exited: started.finished, signal: started.signal };
}

/** Resolves once GET /readyz answers 200; rejects if the process ends first or after `timeoutMs`. */
export async function waitForReady(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}) before it was ready:\n${output()}`);
    const status = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not ready within ${timeoutMs} ms:\n${output()}`);
}
