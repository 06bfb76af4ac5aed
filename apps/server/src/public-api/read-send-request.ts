import type { TV1SendFaxRequest } from '@faxline/shared/api-v1';
import type { FastifyRequest } from 'fastify';
import { shownFileName } from '../documents/inspect/inspect-file-name';
import type { Upload } from '../faxes/check-attachments';
import { uploadRefusalOf } from '../faxes/read-send-form';
import { AppError } from '../platform/http/app-error';

/** The files a multipart send carried, kept beside the request until its handler takes them. */
const uploadsOf = new WeakMap<FastifyRequest, Upload[]>();

/** Text fields that may be repeated, one value each time. */
const LIST_FIELDS = new Set(['recipients']);
const COVER_FIELDS = new Set(['cover_page.enabled', 'cover_page.subject', 'cover_page.notes']);
/** Numbers, which a form carries as text: the schema checks them as the JSON body's. */
const NUMBER_FIELDS = new Set(['quoted_total_cents']);

/**
 * A `preValidation` hook of POST /v1/faxes: a multipart form becomes the same body the JSON form is (fields by the
 * JSON names, `recipients` repeated, `cover_page.subject`…), so that one schema validates both; its files (any part
 * name, in order) wait for the handler. Sizes and counts are enforced while streaming.
 */
export async function readMultipartSend(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  const cover: Record<string, unknown> = {};
  const uploads: Upload[] = [];
  let current = '';
  try {
    for await (const part of request.parts({ preservePath: true })) {
      if (part.type === 'file') {
        current = part.filename;
        uploads.push({ name: part.filename, bytes: new Uint8Array(await part.toBuffer()), truncated: part.file.truncated });
        continue;
      }
      const value = String(part.value);
      if (LIST_FIELDS.has(part.fieldname)) body[part.fieldname] = [...((body[part.fieldname] as string[] | undefined) ?? []), value];
      else if (COVER_FIELDS.has(part.fieldname)) {
        const name = part.fieldname.slice('cover_page.'.length);
        cover[name] = name === 'enabled' ? value !== 'false' : value;
      } else if (NUMBER_FIELDS.has(part.fieldname)) body[part.fieldname] = value.trim() === '' ? value : Number(value);
      else body[part.fieldname] = value;
    }
  } catch (error) {
    throw uploadRefusalOf(error, current);
  }
  if (Object.keys(cover).length > 0) body.cover_page = cover;
  request.body = body;
  uploadsOf.set(request, uploads);
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** The files of a send: the multipart form's parts, or the JSON body's base64 `files`, decoded. */
export function uploadsOfSend(request: FastifyRequest, body: Pick<TV1SendFaxRequest, 'files'>): Upload[] {
  return uploadsOf.get(request) ?? uploadsOfBase64(body.files ?? []);
}

/** A JSON send's base64 `files`, decoded (the public API's body, an agent's tool call). */
export function uploadsOfBase64(files: NonNullable<TV1SendFaxRequest['files']>): Upload[] {
  return files.map((file) => {
    const content = file.content.replace(/\s+/g, '');
    if (!BASE64.test(content) && !BASE64URL.test(content))
      throw new AppError('invalid_request', 'errors.invalidBase64', { file: shownFileName(file.name) });
    return {
      name: file.name,
      bytes: new Uint8Array(Buffer.from(content, BASE64.test(content) ? 'base64' : 'base64url')),
      truncated: false,
    };
  });
}
