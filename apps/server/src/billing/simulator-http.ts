import type { IncomingMessage, Server } from 'node:http';

/**
 * A request's body as text, for the payment providers' simulators (Stripe's and PayPal's): past `maxBytes` the request
 * is cut and the read fails with `tooLarge()`, each simulator's own error in its provider's shape.
 */
export function readSimulatorBody(request: IncomingMessage, maxBytes: number, tooLarge: () => Error): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(tooLarge());
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * Stops a payment provider's simulator at once: its renewal timer, its webhook sender, and the server with any
 * connection still open (a test's keep-alive agent would otherwise hold `close()` for seconds).
 */
export async function stopSimulator(server: Server, renewals: NodeJS.Timeout, sender: { close(): Promise<void> }): Promise<void> {
  clearInterval(renewals);
  await sender.close();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
