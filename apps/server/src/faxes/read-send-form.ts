import { MAX_COVER_MESSAGE_LENGTH, MAX_COVER_SUBJECT_LENGTH, MAX_RECIPIENT_NAME_LENGTH, ZSendFaxRequest } from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { shownFileName } from '../documents/inspect/inspect-file-name';
import { isMessageKey } from '../platform/i18n/i18n';
import { AppError } from '../platform/http/app-error';
import type { Upload } from './check-attachments';

const ATTACHMENT_FIELD = /^attachment_\d+$/;
const TEXT_LIMITS = { maxMessage: MAX_COVER_MESSAGE_LENGTH, maxSubject: MAX_COVER_SUBJECT_LENGTH, maxName: MAX_RECIPIENT_NAME_LENGTH };

/**
 * A multipart form's limits as a person is told them, whichever channel read the form (`current`: the file being
 * read); any other error as it was.
 */
export function uploadRefusalOf(error: unknown, current: string): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('payload_too_large', 'errors.fileTooLarge', { file: shownFileName(current) });
  if (code === 'FST_FILES_LIMIT') return new AppError('invalid_request', 'errors.tooManyFiles');
  return error;
}

/**
 * Reads the send form (spec 001 §3): a `request.json` part (a field or a file part) and files `attachment_0`...
 * Size and count limits are enforced while streaming, so an oversized upload is refused without being kept.
 */
export async function readSendForm<TSchema extends z.ZodType = typeof ZSendFaxRequest>(
  request: FastifyRequest,
  // The broadcast form has its own request (contracts/broadcasts.ts), read the same way.
  schema: TSchema = ZSendFaxRequest as unknown as TSchema,
) {
  if (!request.isMultipart()) throw new AppError('invalid_request', 'errors.multipartExpected');
  let json: unknown;
  const uploads: Upload[] = [];
  let current = '';
  try {
    // The name as the client sent it: busboy would otherwise cut "../../x.pdf" down to "x.pdf" without a word, and
    // a name with a path is refused instead (check-attachments.ts).
    for await (const part of request.parts({ preservePath: true })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'request.json') continue;
        // Cut at the field size limit, it would read as broken JSON: say which texts are too long instead.
        if (part.valueTruncated) throw new AppError('invalid_request', 'errors.sendDetailsTooLong', TEXT_LIMITS);
        json = JSON.parse(String(part.value));
        continue;
      }
      current = part.filename;
      const bytes = new Uint8Array(await part.toBuffer());
      if (part.fieldname === 'request.json') json = JSON.parse(new TextDecoder().decode(bytes));
      else if (ATTACHMENT_FIELD.test(part.fieldname)) uploads.push({ name: part.filename, bytes, truncated: part.file.truncated });
    }
  } catch (error) {
    if (error instanceof SyntaxError) throw new AppError('invalid_request', 'errors.malformedJson');
    throw uploadRefusalOf(error, current);
  }

  const parsed = schema.safeParse(json ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (!isMessageKey(issue.message)) throw new AppError('invalid_request', 'errors.invalidRequest');
    // A text over its length names its limit.
    throw new AppError('invalid_request', issue.message, issue.code === 'too_big' ? { max: Number(issue.maximum) } : undefined);
  }
  return { request: parsed.data as z.output<TSchema>, uploads };
}
