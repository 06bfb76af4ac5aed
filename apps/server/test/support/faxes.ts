import type { FastifyInstance } from 'fastify';
import { TEST_ORIGIN } from './test-app';

export type Attachment = { name: string; bytes: Uint8Array; type?: string };

/** The send form as a browser posts it: multipart with a request.json part and attachment_N files. */
export async function sendFaxRequest(
  app: FastifyInstance,
  cookie: string,
  request: Record<string, unknown>,
  attachments: Attachment[] = [],
  headers: Record<string, string> = {},
  url = '/api/faxes',
) {
  const form = new FormData();
  form.append('request.json', JSON.stringify(request));
  attachments.forEach((a, i) =>
    form.append(`attachment_${i}`, new Blob([Buffer.from(a.bytes)], { type: a.type ?? 'application/octet-stream' }), a.name),
  );
  const encoded = new Response(form);
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': encoded.headers.get('content-type')!, ...headers },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}
