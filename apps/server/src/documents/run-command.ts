import { spawn } from 'node:child_process';

export class CommandError extends Error {
  override name = 'CommandError';
}

/** Runs a program with a time limit; resolves with its output, rejects with what it printed when it fails. */
export function runCommand(command: string, args: string[], options: { timeoutMs: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
    child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new CommandError(`${command} could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else
        reject(
          new CommandError(
            signal === 'SIGKILL' ? `${command} took longer than ${options.timeoutMs} ms` : `${command} failed (${code}): ${output}`,
          ),
        );
    });
  });
}
