import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MailParser, type AttachmentStream, type MessageText } from 'mailparser';
import type { Spool, SpooledFile } from './spool';

/** A file of the message, kept in the spool; `content` is null when it was not kept (over the size limit, or too many). */
export type MessageFile = { name: string; content: SpooledFile | null };

/** What a message holds for a fax: its cover's subject and message, its documents in order, and what marks it. */
export type FaxMessage = {
  messageId: string | null;
  subject: string;
  /** The plain body with the signature and the quoted reply trimmed. */
  body: string;
  /** An HTML body too long to be read as text: it would not fit a cover. */
  bodyTooLong: boolean;
  files: MessageFile[];
  /** RFC 3834's mark, or a mailing list's precedence: a message no person wrote this time. */
  automatic: boolean;
};

/** HTML longer than this is not turned into text: converting it takes the event loop for long, and no cover holds it. */
const MAX_HTML_TO_READ = 1024 * 1024;

/**
 * Reads a message as a fax as its bytes come (decision 066): its files go to the spool, the first
 * `maxFiles` of them and each only up to `maxFileBytes`, so a message's files are never all in memory. Its files are
 * the parts sent as documents, in order; an image a signature shows inside the HTML (referenced by `cid:`) is not a
 * document. A file over the limit, or past the last one kept, is counted and named, its bytes dropped.
 */
export async function readFaxMessage(
  source: Readable,
  options: { spool: Spool; maxFileBytes: number; maxFiles: number },
): Promise<FaxMessage> {
  const parser = new MailParser({
    skipHtmlToText: false,
    skipTextLinks: true,
    skipImageLinks: true,
    skipTextToHtml: true,
    maxHtmlLengthToParse: MAX_HTML_TO_READ,
  });
  let headers: Map<string, unknown> = new Map();
  parser.on('headers', (read: Map<string, unknown>) => (headers = read));
  let text: (MessageText & { textConversionError?: Error }) | undefined;
  const files: MessageFile[] = [];
  const take = async (part: AttachmentStream | MessageText) => {
    if (part.type === 'text') {
      text = part;
      return;
    }
    const keep = !part.related && files.length < options.maxFiles;
    const content = keep
      ? await keepFile(options.spool, part.content as Readable, options.maxFileBytes)
      : await drain(part.content as Readable);
    part.release();
    if (!part.related) files.push({ name: part.filename ?? `attachment-${files.length + 1}`, content });
  };
  try {
    await pipeline(
      source,
      parser,
      new Writable({
        objectMode: true,
        write: (part: AttachmentStream | MessageText, _encoding, callback) => void take(part).then(() => callback(), callback),
      }),
    );
  } catch (error) {
    await Promise.all(files.map((file) => file.content?.remove()));
    throw error;
  }
  const autoSubmitted = headerText(headers.get('auto-submitted')).toLowerCase();
  const precedence = headerText(headers.get('precedence')).toLowerCase();
  const messageId = headers.get('message-id');
  return {
    messageId: typeof messageId === 'string' ? messageId : null,
    subject: headerText(headers.get('subject')).replace(/\s+/g, ' ').trim(),
    body: trimBody(text?.text ?? ''),
    bodyTooLong: Boolean(text?.textConversionError),
    files,
    automatic: (autoSubmitted !== '' && autoSubmitted !== 'no') || ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence),
  };
}

/** Keeps a file in the spool up to `maxBytes`; null (and nothing kept) when it is longer. Reads it to its end either way. */
async function keepFile(spool: Spool, content: Readable, maxBytes: number): Promise<SpooledFile | null> {
  let size = 0;
  async function* upToLimit() {
    for await (const chunk of content as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= maxBytes) yield chunk;
    }
  }
  const kept = await spool.store(upToLimit());
  if (size <= maxBytes) return kept;
  await kept.remove();
  return null;
}

async function drain(content: Readable): Promise<null> {
  for await (const chunk of content) void chunk;
  return null;
}

const headerText = (value: unknown): string =>
  typeof value === 'string' ? value : value && typeof value === 'object' && 'value' in value ? String(value.value) : '';

/** Where a quoted reply starts, as the common mail programs write it in our three languages. */
const QUOTE_STARTS = [
  /^on\b.{0,200}\bwrote:\s*$/i,
  /^el\b.{0,200}\bescribió:\s*$/i,
  /^le\b.{0,200}\ba écrit\s*:\s*$/i,
  /^-{2,}\s*(original message|mensaje original|message d'origine)\s*-{2,}\s*$/i,
  /^_{10,}\s*$/,
];

/**
 * The words a person wrote: up to their signature (RFC 3676's "-- " line) or the reply they quote, quoted lines
 * left out, line breaks kept, blank lines at either end dropped.
 */
export function trimBody(text: string): string {
  const kept: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^--\s?$/.test(line) || QUOTE_STARTS.some((start) => start.test(line.trim()))) break;
    if (line.startsWith('>')) continue;
    kept.push(line.replace(/\s+$/, ''));
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
