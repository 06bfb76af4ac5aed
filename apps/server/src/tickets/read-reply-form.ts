import type { FastifyRequest } from 'fastify';
import { uploadRefusalOf } from '../faxes/read-send-form';
import type { Upload } from '../faxes/check-attachments';
import { AppError } from '../platform/http/app-error';

const ATTACHMENT_FIELD = /^attachment_\d+$/;

/**
 * The reply form of /user/support: a `body` field and files `attachment_0`..., read as the send form's are (sizes and
 * counts enforced while streaming, names kept as sent so that a name with a path is refused by the file checks).
 */
export async function readReplyForm(request: FastifyRequest): Promise<{ body: string; uploads: Upload[] }> {
  if (!request.isMultipart()) throw new AppError('invalid_request', 'errors.multipartExpected');
  let body = '';
  const uploads: Upload[] = [];
  let current = '';
  try {
    for await (const part of request.parts({ preservePath: true })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'body') continue;
        if (part.valueTruncated) throw new AppError('invalid_request', 'validation.ticketReplyTooLong');
        body = String(part.value);
        continue;
      }
      current = part.filename;
      const bytes = new Uint8Array(await part.toBuffer());
      if (ATTACHMENT_FIELD.test(part.fieldname)) uploads.push({ name: part.filename, bytes, truncated: part.file.truncated });
    }
  } catch (error) {
    throw uploadRefusalOf(error, current);
  }
  return { body, uploads };
}
