import { spawn } from 'node:child_process';
import { freePort } from '@test-support/faxline-process';

/**
 * A Redis server of Debian's `redis-server` package, on a free port, keeping nothing on disk: the shared store of
 * the rate limits when a test runs several API servers. `stop` ends it as a crash would (SIGKILL) or as an
 * operator does (SIGTERM).
 */
export async function startRedisServer() {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}
