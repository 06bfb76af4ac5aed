import { describe, expect, it } from 'vitest';
import { readFaxMessage, trimBody } from './read-message';

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
  const message = (headers: string, body = 'Hello.') =>
    Buffer.from(`From: a@example.com\r\nTo: 14155550123@fax.localhost\r\nSubject:  Lab\r\n results \r\n${headers}\r\n${body}\r\n`);

  it('reads the subject on one line and marks automatic messages', async () => {
    const plain = await readFaxMessage(message('Message-ID: <m1@example.com>\r\n'));
    expect(plain).toMatchObject({ subject: 'Lab results', body: 'Hello.', messageId: '<m1@example.com>', automatic: false, files: [] });
    expect((await readFaxMessage(message('Auto-Submitted: auto-replied\r\n'))).automatic).toBe(true);
    expect((await readFaxMessage(message('Auto-Submitted: no\r\n'))).automatic).toBe(false);
    expect((await readFaxMessage(message('Precedence: bulk\r\n'))).automatic).toBe(true);
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
    const read = await readFaxMessage(Buffer.from(raw));
    expect(read.files.map((file) => file.name)).toEqual(['b.pdf', 'a.txt']);
    expect(Buffer.from(read.files[0]!.bytes).toString()).toBe('%PDF-b');
  });
});
