import { FORBIDDEN_CHARACTERS_MESSAGE, MAX_PORTING_BILL_MB, ZPortingRequestForm, type TPortingHolder } from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import { uploadRefusalOf } from '../faxes/read-send-form';
import type { Upload } from '../faxes/check-attachments';
import { AppError } from '../platform/http/app-error';
import { isMessageKey, type MessageKey } from '../platform/i18n/i18n';

export type PortingForm = {
  numbers: string[];
  holder: TPortingHolder;
  signature: { name: string; date: string };
  bill: Upload;
};

/** The multipart limits of the porting form: one bill, the JSON part, nothing else. */
export const PORTING_FORM_LIMITS = { fileSize: MAX_PORTING_BILL_MB * 1024 * 1024 + 1, files: 1, fields: 2, fieldSize: 64 * 1024, parts: 4 };

/**
 * Reads the porting form: a `request.json` field (the numbers, the holder, the signature) and a `bill` file. The JSON
 * is checked with the shared schema, its first problem said in the reader's language with the field it is about.
 */
export async function readPortingForm(request: FastifyRequest): Promise<PortingForm> {
  if (!request.isMultipart()) throw new AppError('invalid_request', 'errors.multipartExpected');
  let json: unknown;
  let bill: Upload | null = null;
  let current = '';
  try {
    for await (const part of request.parts({ preservePath: true })) {
      if (part.type === 'field') {
        if (part.fieldname === 'request.json') json = JSON.parse(String(part.value));
        continue;
      }
      current = part.filename;
      const bytes = new Uint8Array(await part.toBuffer());
      if (part.fieldname === 'bill') bill = { name: part.filename, bytes, truncated: part.file.truncated };
    }
  } catch (error) {
    if (error instanceof SyntaxError) throw new AppError('invalid_request', 'errors.malformedJson');
    throw uploadRefusalOf(error, current);
  }
  const parsed = ZPortingRequestForm.safeParse(json ?? {});
  if (!parsed.success) {
    // A control character is said first, wherever it is: it is what the sender must take out before anything else.
    const issue = parsed.error.issues.find((found) => found.message === FORBIDDEN_CHARACTERS_MESSAGE) ?? parsed.error.issues[0]!;
    const key: MessageKey = isMessageKey(issue.message) ? issue.message : 'errors.invalidRequest';
    throw new AppError('invalid_request', key, {}, `body.${issue.path.join('.')}`);
  }
  if (!bill) throw new AppError('invalid_request', 'errors.portingBillRequired', {}, 'body.bill');
  return { ...parsed.data, bill };
}
