import { spawn } from 'node:child_process';
import os from 'node:os';

/**
 * Converters run behind the web requests: on a busy machine a fax takes a moment longer to render, and a person
 * waiting for a page or a 202 does not wait behind it. (10 of the 19 steps below normal: idle cores still go to them.)
 */
const CONVERTER_NICENESS = 10;

export class CommandError extends Error {
  override name = 'CommandError';
}

/**
 * Runs a program with a time limit; resolves with its output, rejects with what it printed when it fails.
 * With `input`, the program starts at once and gets the bytes on its standard input when they are ready, so that its
 * own start-up overlaps the work that makes them; the time limit counts from then. If `input` fails, the program is
 * killed and the call rejects with that failure.
 */
export function runCommand(command: string, args: string[], options: { timeoutMs: number; input?: Promise<Uint8Array> }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: [options.input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, CONVERTER_NICENESS);
      } catch {
        // Gone already (it failed to start or ended at once): its 'error' or 'close' event tells.
      }
    }
    let output = '';
    let timer: NodeJS.Timeout | undefined;
    let inputError: unknown;
    let ended = false;
    const startClock = () => {
      if (!ended) timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    };
    child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
    child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
    if (options.input) {
      // A program that exits without reading all of it makes the pipe fail (EPIPE): its exit status tells why.
      child.stdin!.on('error', () => {});
      options.input.then(
        (bytes) => {
          startClock();
          child.stdin!.end(bytes);
        },
        (error: unknown) => {
          inputError = error ?? new Error('input failed');
          child.kill('SIGKILL');
        },
      );
    } else startClock();
    child.on('error', (error) => {
      ended = true;
      clearTimeout(timer);
      reject(new CommandError(`${command} could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      ended = true;
      clearTimeout(timer);
      if (inputError !== undefined) reject(inputError);
      else if (code === 0) resolve(output);
      else
        reject(
          new CommandError(
            signal === 'SIGKILL' ? `${command} took longer than ${options.timeoutMs} ms` : `${command} failed (${code}): ${output}`,
          ),
        );
    });
  });
}
