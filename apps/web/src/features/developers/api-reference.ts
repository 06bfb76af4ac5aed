import nodeExample from '@faxline/client/examples/send-and-wait.mjs?raw';
import pythonExample from '@faxline/client/python/examples/send_and_wait.py?raw';
import { API_KEY_PREFIX, API_RATE_LIMIT, DOWNLOADS_PATH, NODE_CLIENT_TARBALL, type TClientDownload } from '@faxline/shared';
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
/** The libraries this server serves at /downloads (packages/client, decision 127); the others are coming soon. */
export const DOWNLOADABLE_LIBRARIES: Partial<Record<(typeof CLIENT_LIBRARIES)[number], TClientDownload['language']>> = {
  'Node.js': 'javascript',
  Python: 'python',
};
export const NODE_CLIENT = { packageName: '@faxline/client' } as const;
export const PYTHON_CLIENT = { packageName: 'faxline' } as const;

/** How the send-and-wait examples are run: this server's address and a key in the environment, a PDF and a number. */
const exampleRun = (base: string, command: string) => `export FAXLINE_API_URL=${base}
export FAXLINE_API_KEY="${API_KEY_PREFIX}…"   # from /user/api-keys
${command} letter.pdf +15550100000`;

/** The Python client's wheel, from the address /downloads/index.json gives, in a virtual environment of its own. */
export const pythonInstall = (wheelUrl: string) => `python3 -m venv .venv
.venv/bin/pip install ${wheelUrl}`;

/** The samples, with this server's address in them: the API's own (v1Samples), and the client libraries'. */
export function apiSamples(base: string = apiBaseUrl()) {
  return {
    ...v1Samples(base),
    // Installed from this server (decision 127): the tarball's address keeps its name from one version to the next.
    clientInstall: `npm install ${new URL(base).origin}${DOWNLOADS_PATH}/${NODE_CLIENT_TARBALL}`,
    // The documented examples are the files the integration test installs and runs (client-downloads.test.ts).
    clientExample: nodeExample,
    clientRun: exampleRun(base, 'node send-and-wait.mjs'),
    pythonExample,
    pythonRun: exampleRun(base, '.venv/bin/python send_and_wait.py'),
  };
}
export type TApiSamples = ReturnType<typeof apiSamples>;
