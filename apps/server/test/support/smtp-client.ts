import net from 'node:net';

export type SmtpClient = Awaited<ReturnType<typeof connectSmtp>>;

/**
 * An SMTP client on loopback that says one line at a time and hears the server's whole reply (a multi-line reply
 * whole, up to its line whose code is followed by a space), and can write a message's bytes as they are: a test that
 * wants every reply, or sends large messages without a mail library's copying and escaping (the caller's bytes must
 * already end lines in CRLF and have no line that starts with a dot).
 */
export async function connectSmtp(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let heard = '';
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    heard += chunk.toString('latin1');
    waiting?.();
  });
  let isClosed = false;
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      waiting?.();
      resolve();
    }),
  );
  socket.on('error', () => undefined); // a refused or reset connection shows in its replies and its close
  /** The next whole reply. */
  const reply = (timeoutMs = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply in ${timeoutMs} ms; heard so far: ${heard}`)), timeoutMs);
      const check = () => {
        const end = /^\d{3} .*\r\n/m.exec(heard);
        if (!end && isClosed) {
          clearTimeout(timer);
          reject(new Error(`the connection closed; heard: ${heard}`));
        }
        if (!end) return;
        const whole = heard.slice(0, end.index + end[0].length);
        heard = heard.slice(whole.length);
        waiting = undefined;
        clearTimeout(timer);
        resolve(whole.trimEnd());
      };
      waiting = check;
      check();
    });
  const write = (bytes: Buffer | string) =>
    new Promise<void>((resolve, reject) => socket.write(bytes, (error) => (error ? reject(error) : resolve())));
  const say = (line: string) => {
    const answer = reply();
    socket.write(`${line}\r\n`);
    return answer;
  };
  const greeting = await reply();
  return {
    greeting,
    say,
    write,
    reply,
    /**
     * One message from EHLO to the reply after its data; the reply of the first command that is refused otherwise.
     * The final reply may take long: the server reads the message before it answers.
     */
    send: async (envelope: { from: string; to: string }, pieces: Array<Buffer | string>, timeoutMs = 600_000) => {
      for (const [line, expected] of [
        ['EHLO client.test', '250'],
        [`MAIL FROM:<${envelope.from}>`, '250'],
        [`RCPT TO:<${envelope.to}>`, '250'],
        ['DATA', '354'],
      ] as const) {
        const answer = await say(line);
        if (!answer.startsWith(expected)) return answer;
      }
      for (const piece of pieces) await write(piece);
      await write('\r\n.\r\n');
      // A reply that came first waits in what was heard.
      return reply(timeoutMs);
    },
    close: async () => {
      if (!socket.destroyed) socket.end('QUIT\r\n');
      await closed;
    },
  };
}
