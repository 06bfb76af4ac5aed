import { simpleParser } from 'mailparser';
import type { Upload } from '../faxes/check-attachments';

/** What a message holds for a fax: its cover's subject and message, its documents in order, and what marks it. */
export type FaxMessage = {
  messageId: string | null;
  subject: string;
  /** The plain body with the signature and the quoted reply trimmed. */
  body: string;
  files: Upload[];
  /** RFC 3834's mark, or a mailing list's precedence: a message no person wrote this time. */
  automatic: boolean;
};

/**
 * Reads a message as a fax (issue 19, item 3). Its files are the parts sent as documents, in order; an image a
 * signature shows inside the HTML (referenced by `cid:`) is not a document.
 */
export async function readFaxMessage(raw: Buffer): Promise<FaxMessage> {
  const mail = await simpleParser(raw, { skipHtmlToText: false, skipTextLinks: true, skipImageLinks: true });
  const autoSubmitted = headerText(mail.headers.get('auto-submitted')).toLowerCase();
  const precedence = headerText(mail.headers.get('precedence')).toLowerCase();
  return {
    messageId: mail.messageId ?? null,
    subject: (mail.subject ?? '').replace(/\s+/g, ' ').trim(),
    body: trimBody(mail.text ?? ''),
    files: mail.attachments
      .filter((attachment) => !attachment.related)
      .map((attachment, index) => ({
        name: attachment.filename ?? `attachment-${index + 1}`,
        bytes: new Uint8Array(attachment.content),
        truncated: false,
      })),
    automatic: (autoSubmitted !== '' && autoSubmitted !== 'no') || ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence),
  };
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
