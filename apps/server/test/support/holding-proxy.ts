import net from 'node:net';

/**
 * A TCP proxy in front of a PostgreSQL URL that can hold back what its clients send while still passing on what the
 * server sends them: a connection whose own statements are late, as on a congested link, while everyone else's
 * notifications keep arriving.
 */
export async function openHoldingProxy(url: string) {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  let held: { socket: net.Socket; chunk: Buffer }[] | undefined;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    upstream.pipe(client);
    client.on('data', (chunk) => (held ? held.push({ socket: upstream, chunk }) : upstream.write(chunk)));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as net.AddressInfo).port);
  // Clients reach the proxy over TCP: not the embedded server's Unix socket, which `host` names (decision 143).
  proxied.searchParams.delete('host');
  return {
    url: proxied.toString(),
    /** From now on, what clients send waits in the proxy. */
    hold: () => void (held ??= []),
    /** Sends on what waited, in order, and passes everything on again. */
    release: () => {
      for (const { socket, chunk } of held ?? []) socket.write(chunk);
      held = undefined;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
