import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFaxMessage, trimBody } from './read-message';
import { openSpool, type Spool } from './spool';

describe('trimBody', () => {
  it('keeps what the person wrote, up to their signature', () => {
    expect(trimBody('Please fax this.\r\n\r\nThanks,\r\nAda\r\n-- \r\nAda Lovelace, MD\r\n555-0100\r\n')).toBe(
      'Please fax this.\n\nThanks,\nAda',
    );
  });

  it('drops the quoted reply, as mail programs write it in English, Spanish and French', () => {
    expect(trimBody('Signed copy attached.\n\nOn Tue, 24 Nov 2026 at 10:02, Bob <bob@example.com> wrote:\n> Can you send it?\n')).toBe(
      'Signed copy attached.',
    );
    expect(trimBody('Adjunto la copia.\n\nEl mar, 24 nov 2026 a las 10:02, Bob escribió:\n> ¿Puede enviarla?')).toBe('Adjunto la copia.');
    expect(trimBody('Copie jointe.\n\nLe mar. 24 nov. 2026 à 10:02, Bob a écrit :\n> Pouvez-vous l’envoyer ?')).toBe('Copie jointe.');
    expect(trimBody('See below.\n\n-----Original Message-----\nFrom: Bob')).toBe('See below.');
  });

  it('leaves quoted lines out and keeps at most one blank line between paragraphs', () => {
    expect(trimBody('> earlier\nFirst.\n\n\n\nSecond.  \n')).toBe('First.\n\nSecond.');
  });
});

describe('readFaxMessage', () => {
  let root: string;
  let spool: Spool;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'read-message-'));
    spool = await openSpool(root);
  });
  afterAll(async () => {
    await spool.close();
    await fs.rm(root, { recursive: true, force: true });
  });
  const read = (raw: Buffer, maxFileBytes = 1024) => readFaxMessage(Readable.from([raw]), { spool, maxFileBytes, maxFiles: 5 });
  const message = (headers: string, body = 'Hello.') =>
    Buffer.from(`From: a@example.com\r\nTo: 14155550123@fax.localhost\r\nSubject:  Lab\r\n results \r\n${headers}\r\n${body}\r\n`);

  it('reads the subject on one line and marks automatic messages', async () => {
    const plain = await read(message('Message-ID: <m1@example.com>\r\n'));
    expect(plain).toMatchObject({ subject: 'Lab results', body: 'Hello.', messageId: '<m1@example.com>', automatic: false, files: [] });
    expect((await read(message('Auto-Submitted: auto-replied\r\n'))).automatic).toBe(true);
    expect((await read(message('Auto-Submitted: no\r\n'))).automatic).toBe(false);
    expect((await read(message('Precedence: bulk\r\n'))).automatic).toBe(true);
  });

  it('takes attached files in order and leaves out an image the HTML shows inline', async () => {
    const raw = [
      'From: a@example.com',
      'Subject: Files',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/related; boundary="inner"',
      '',
      '--inner',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Hi <img src="cid:logo@x"></p>',
      '--inner',
      'Content-Type: image/png',
      'Content-ID: <logo@x>',
      'Content-Disposition: inline; filename="logo.png"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('logo').toString('base64'),
      '--inner--',
      '--outer',
      'Content-Type: application/pdf; name="b.pdf"',
      'Content-Disposition: attachment; filename="b.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('%PDF-b').toString('base64'),
      '--outer',
      'Content-Type: text/plain; name="a.txt"',
      'Content-Disposition: attachment; filename="a.txt"',
      '',
      'text file',
      '--outer--',
      '',
    ].join('\r\n');
    const message = await read(Buffer.from(raw));
    expect(message.files.map((file) => file.name)).toEqual(['b.pdf', 'a.txt']);
    const pieces: Buffer[] = [];
    for await (const piece of message.files[0]!.content!.read()) pieces.push(piece as Buffer);
    expect(Buffer.concat(pieces).toString()).toBe('%PDF-b');
  });

  it('keeps a file only up to the size limit, and no more files than the limit, naming each one', async () => {
    const part = (name: string, bytes: number) =>
      [
        '--outer',
        `Content-Type: application/pdf; name="${name}"`,
        `Content-Disposition: attachment; filename="${name}"`,
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.alloc(bytes, 0x25).toString('base64'),
      ].join('\r\n');
    const raw = [
      'From: a@example.com',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      part('big.pdf', 1025),
      ...Array.from({ length: 5 }, (_, i) => part(`small-${i + 1}.pdf`, 1024)),
      '--outer--',
      '',
    ].join('\r\n');
    const message = await read(Buffer.from(raw));
    expect(message.files.map((file) => [file.name, file.content?.size ?? null])).toEqual([
      ['big.pdf', null],
      ['small-1.pdf', 1024],
      ['small-2.pdf', 1024],
      ['small-3.pdf', 1024],
      ['small-4.pdf', 1024],
      ['small-5.pdf', null],
    ]);
    // What is kept is encrypted on disk: the file's bytes are nowhere in the spool.
    const [dir] = await fs.readdir(root);
    for (const name of await fs.readdir(path.join(root, dir!))) {
      expect((await fs.readFile(path.join(root, dir!, name))).includes(Buffer.alloc(64, 0x25))).toBe(false);
    }
    await Promise.all(message.files.map((file) => file.content?.remove()));
  });
});
