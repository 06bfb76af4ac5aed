// An SMTP server that takes every message and hands its head (the first 20,000 characters: the headers) to
// `onMessage`, for tests and benches that count or time what Faxline e-mails.
import { SMTPServer } from 'smtp-server';

export function smtpSink(onMessage: (head: string) => void): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 20_000) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        onMessage(head);
        callback();
      });
    },
  });
}
