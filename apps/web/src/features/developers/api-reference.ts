import { API_RATE_LIMIT } from '@faxline/shared';
import { v1Samples } from '@faxline/shared/api-v1';

/**
 * The public API v1 as /developers and /api-documentation show it: samples that run against this server.
 * Code, field names and HTTP texts stay in English in every language, as in any API reference.
 */
export const RATE_LIMIT = API_RATE_LIMIT;

/** This server's API address: the samples are to be pasted and run as they are. */
export const apiBaseUrl = (): string => `${window.location.origin}/v1`;

export const ENDPOINTS = [
  { method: 'POST', path: '/v1/faxes', key: 'send' },
  { method: 'GET', path: '/v1/faxes', key: 'list' },
  { method: 'GET', path: '/v1/faxes/{fax_id}', key: 'get' },
  { method: 'POST', path: '/v1/faxes/{fax_id}/cancel', key: 'cancel' },
  { method: 'DELETE', path: '/v1/faxes/{fax_id}', key: 'delete' },
  { method: 'GET', path: '/v1/faxes/{fax_id}/file', key: 'file' },
  { method: 'GET, POST', path: '/v1/contacts', key: 'contacts' },
  { method: 'GET, PATCH, DELETE', path: '/v1/contacts/{contact_id}', key: 'contact' },
  { method: 'GET, POST', path: '/v1/webhooks', key: 'webhooks' },
  { method: 'GET, PATCH, DELETE', path: '/v1/webhooks/{webhook_id}', key: 'webhook' },
  { method: 'POST', path: '/v1/webhooks/{webhook_id}/rotate-secret', key: 'webhookRotate' },
  { method: 'POST', path: '/v1/webhooks/{webhook_id}/test', key: 'webhookTest' },
  { method: 'GET', path: '/v1/webhooks/{webhook_id}/messages', key: 'webhookMessages' },
  { method: 'POST', path: '/v1/webhooks/{webhook_id}/messages/{message_id}/retry', key: 'webhookRetry' },
] as const;

export const STATUS_CODES = [
  { code: 200, text: 'OK' },
  { code: 201, text: 'Created' },
  { code: 202, text: 'Accepted' },
  { code: 400, text: 'Bad Request' },
  { code: 401, text: 'Unauthorized' },
  { code: 403, text: 'Forbidden' },
  { code: 404, text: 'Not Found' },
  { code: 409, text: 'Conflict' },
  { code: 422, text: 'Unprocessable Entity' },
  { code: 429, text: 'Too Many Requests' },
  { code: 500, text: 'Internal Server Error' },
] as const;

export const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'] as const;

export const CLIENT_LIBRARIES = ['PHP', 'Python', 'Node.js', 'Java', 'Ruby', '.NET'] as const;
/** The one library that exists: the typed Node.js client of this repository (packages/client). */
export const NODE_CLIENT = { library: 'Node.js', packageName: '@faxline/client', folder: 'packages/client' } as const;

/** The samples, with this server's address in them: the API's own (v1Samples), and the typed client's. */
export function apiSamples(base: string = apiBaseUrl()) {
  return {
    ...v1Samples(base),
    // Not on the npm registry: packed from a copy of this repository (packages/client/README.md).
    clientInstall: `npm pack path/to/faxline/packages/client
npm install ./faxline-client-1.0.0.tgz`,
    clientExample: `import { createFaxlineClient, waitForFax } from '@faxline/client';

const faxline = createFaxlineClient({ baseUrl: '${base}', apiKey: process.env.FAXLINE_API_KEY });
const { data, error } = await faxline.POST('/faxes', {
  params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
  body: { recipient: '+15550100000', files: [{ name: 'letter.pdf', content: pdf.toString('base64') }] },
});
if (error) throw new Error(error.error.message);
if ('fax_id' in data) console.log((await waitForFax(faxline, data.fax_id)).status); // "delivered"`,
  };
}
export type TApiSamples = ReturnType<typeof apiSamples>;
