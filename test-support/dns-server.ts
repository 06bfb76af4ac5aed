import { createSocket, type Socket } from 'node:dgram';

/**
 * A DNS server of the tests' own on UDP (127.0.0.1): it answers TXT questions from `records` (name -> values, read at
 * each question, so a test may publish one later) and "no such name" for anything else, as an authoritative server
 * would. For a server process under test, which finds it through DNS_SERVERS.
 */
export async function startDnsServer(port: number, records: Map<string, string[]>): Promise<{ close(): Promise<void> }> {
  const socket: Socket = createSocket('udp4');
  socket.on('message', (query, from) => {
    // The question: labels from byte 12, then its type and class.
    const labels: string[] = [];
    let offset = 12;
    while (offset < query.length && query[offset]! > 0) {
      const length = query[offset]!;
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
      offset += 1 + length;
    }
    const questionEnd = offset + 5;
    const type = query.readUInt16BE(offset + 1);
    const values = type === 16 ? (records.get(labels.join('.').toLowerCase()) ?? []) : [];
    const answers = values.map((value) => {
      const text = Buffer.from(value, 'utf8');
      const data = Buffer.concat([Buffer.from([text.length]), text]);
      const head = Buffer.alloc(12);
      head.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      head.writeUInt16BE(16, 2); // TXT
      head.writeUInt16BE(1, 4); // IN
      head.writeUInt32BE(60, 6); // TTL
      head.writeUInt16BE(data.length, 10);
      return Buffer.concat([head, data]);
    });
    const header = Buffer.from(query.subarray(0, 12));
    // A response, authoritative, recursion as asked; NXDOMAIN when nothing answers.
    header[2] = 0x84 | (query[2]! & 0x01);
    header[3] = values.length ? 0x00 : 0x03;
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    header.writeUInt16BE(0, 8);
    header.writeUInt16BE(0, 10);
    socket.send(Buffer.concat([header, query.subarray(12, questionEnd), ...answers]), from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve());
  });
  return { close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
}
