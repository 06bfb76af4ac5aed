// The anchor of the load benches: a bare Fastify hello-world in a process of its own, on loopback.
// Started by bench/support/processes.ts; prints the port it listens on, then serves until it is signalled.
import Fastify from 'fastify';
import { HELLO_WORLD_PROCESS } from './cpu';

process.title = HELLO_WORLD_PROCESS;

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));
