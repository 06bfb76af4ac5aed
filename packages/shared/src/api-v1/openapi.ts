import { createDocument } from 'zod-openapi';
import { z } from 'zod';
import { API_VERSION } from '../constants';
import { API_KEY_SCOPES, type TApiKeyScope } from '../contracts/api-keys';
import { ZContactListQuery } from '../contracts/address-book';
import { ZV1Contact, ZV1ContactInput, ZV1ContactList, ZV1ContactParams, ZV1ContactUpdate } from './contacts';
import {
  errorAnswer,
  idempotencyErrors,
  idempotencyHeader,
  json,
  notFound,
  ok,
  operation,
  publicOperation,
  rateLimitHeaders,
  withBodyErrors,
} from './openapi-parts';
import { ZV1Status } from './status';
import {
  ZV1FaxDetails,
  ZV1FaxList,
  ZV1FaxListQuery,
  ZV1FaxParams,
  ZV1FaxText,
  ZV1Quote,
  ZV1SendFaxRequest,
  ZV1SendFaxResponse,
  ZV1Fax,
  ZV1UncertainChoice,
  ZV1UncertainChoiceResponse,
} from './faxes';
import { webhookEvents, webhookPaths } from './webhooks-openapi';

const binaryPart = z.string().meta({ format: 'binary' });

/** A send's body, JSON or multipart: POST /faxes and POST /faxes/quote take the same. */
const sendFaxBody = {
  required: true,
  content: {
    'application/json': { schema: ZV1SendFaxRequest },
    'multipart/form-data': {
      schema: z.object({
        recipient: z.string().optional(),
        recipients: z
          .union([z.string(), z.array(z.string())])
          .optional()
          .meta({ description: 'Repeat the field, once per number.' }),
        recipient_name: z.string().optional(),
        file_url: z.string().optional(),
        send_time: z.string().optional(),
        'cover_page.enabled': z.enum(['true', 'false']).optional(),
        'cover_page.subject': z.string().optional(),
        'cover_page.notes': z.string().optional(),
        quality: z.enum(['standard', 'fine', 'superfine']).optional(),
        from: z.string().optional(),
        quoted_total_cents: z.string().optional(),
        // One file is one part, several are the field repeated: either is a form a client may send.
        file: z
          .union([binaryPart, z.array(binaryPart)])
          .optional()
          .meta({ description: 'One part per file, in order (any part name).' }),
      }),
    },
  },
};

/** What each scope lets an app do, as the OAuth scheme lists them (the same scopes as an API key's). */
const OAUTH_SCOPE_DESCRIPTIONS = {
  'faxes:read': 'List faxes, read their status, documents and text.',
  'faxes:write': 'Send, quote, cancel and delete faxes.',
  'contacts:read': 'Read the address book.',
  'contacts:write': 'Add, change and delete contacts.',
  'webhooks:manage': 'Manage webhook endpoints and their delivery log.',
} satisfies Record<TApiKeyScope, string>;

/**
 * The OpenAPI 3.1 document of /v1, made from the same zod contracts the server validates with: served at
 * /v1/openapi.json, rendered on /api-documentation, and the source of the typed client (packages/client).
 */
export function openApiDocument(serverUrl = '/v1') {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Faxline API',
      version: API_VERSION,
      description:
        'Send and receive faxes, keep an address book, and hear of every fax through signed webhooks. Authenticate with `Authorization: Bearer fl_live_…` (keys are made at /user/api-keys), or, for an app acting for a customer, with an OAuth 2.1 access token (authorization code with PKCE; the `resource` asked for being the /v1 address of this server). Every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset; errors are `{"error":{"type","message","code","doc_url","param"}}` in the language of Accept-Language (en, es, fr), `doc_url` leading to the documentation of `code`. The changes of each version are on /developers/changelog.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: `An API key (fl_live_…) with the scopes a call needs: ${API_KEY_SCOPES.join(', ')}.`,
        },
        oauth2: {
          type: 'oauth2',
          description:
            "An app's access token, given by the customer on Faxline's consent page: authorization code with PKCE (S256), clients register themselves (RFC 7591, /oauth/register), the token is asked for the resource `<this server>/v1` (RFC 8707; a token for the MCP server does not open /v1), and a refresh token turns on each use. Metadata: /.well-known/oauth-authorization-server and /.well-known/oauth-protected-resource/v1.",
          flows: {
            authorizationCode: {
              authorizationUrl: '/oauth/authorize',
              tokenUrl: '/oauth/token',
              refreshUrl: '/oauth/token',
              scopes: OAUTH_SCOPE_DESCRIPTIONS,
            },
          },
        },
      },
    },
    tags: [
      { name: 'Faxes', description: 'Send faxes, follow them to their outcome, and read received ones.' },
      { name: 'Contacts', description: "The account's address book." },
      {
        name: 'Webhooks',
        description:
          'Endpoints that receive every fax event, signed with Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), and their delivery log.',
      },
      { name: 'Status', description: 'The delivery record: how sent faxes got through, and the incident notices.' },
    ],
    paths: withBodyErrors({
      '/faxes': {
        post: operation('faxes:write', {
          operationId: 'sendFax',
          tags: ['Faxes'],
          summary: 'Send a fax',
          description:
            'Accepts the fax and answers 202 at once; it is then converted and dialled (follow it with GET /faxes/{fax_id}). JSON with base64 `files` or a `file_url`, or multipart/form-data with the same fields and the files as parts. The same checks as the portal apply (file types from their bytes, 5 files of 10 MB, the month’s pages).',
          requestParams: { header: idempotencyHeader },
          requestBody: sendFaxBody,
          responses: {
            '202': {
              description: 'Accepted: queued (or scheduled). `Idempotent-Replayed: true` when this is a replay.',
              headers: rateLimitHeaders,
              content: json(ZV1SendFaxResponse),
            },
            '413': errorAnswer('A file over the size limit (`invalid_request_error`).'),
            ...idempotencyErrors,
          },
        }),
        get: operation('faxes:read', {
          operationId: 'listFaxes',
          tags: ['Faxes'],
          summary: 'List faxes',
          description: 'Newest first by default; walk the list with `next_cursor`, which costs the same at any depth.',
          requestParams: { query: ZV1FaxListQuery },
          responses: { '200': ok('A page of faxes.', ZV1FaxList) },
        }),
      },
      '/faxes/quote': {
        post: operation('faxes:write', {
          operationId: 'quoteFax',
          tags: ['Faxes'],
          summary: 'Price a send',
          description:
            'The same body as a send, checked the same way; nothing is stored or queued. Answers what the send would cost beyond the plan’s price: pages past the plan at its overage price, pages to another country at its rate. Send `total_cents` back as `quoted_total_cents` to be sure not to pay more.',
          requestParams: { header: idempotencyHeader },
          requestBody: sendFaxBody,
          responses: {
            '200': ok('The price of the send.', ZV1Quote),
            '413': errorAnswer('A file over the size limit (`invalid_request_error`).'),
            ...idempotencyErrors,
          },
        }),
      },
      '/faxes/{fax_id}': {
        get: operation('faxes:read', {
          operationId: 'getFax',
          tags: ['Faxes'],
          summary: 'Get a fax',
          description: 'Its status, pages, every attempt (each call), the failure reason, and times.',
          requestParams: { path: ZV1FaxParams },
          responses: { '200': ok('The fax.', ZV1FaxDetails), ...notFound },
        }),
        delete: operation('faxes:write', {
          operationId: 'deleteFax',
          tags: ['Faxes'],
          summary: 'Delete a fax',
          description: 'Deletes a fax that is not in flight, with its documents and images (cancel one in flight first).',
          requestParams: { path: ZV1FaxParams },
          responses: {
            '200': ok('Deleted.', z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: 'Deleted' })),
            ...notFound,
            '409': errorAnswer('The fax is in flight (`invalid_request_error`).'),
          },
        }),
      },
      '/faxes/{fax_id}/cancel': {
        post: operation('faxes:write', {
          operationId: 'cancelFax',
          tags: ['Faxes'],
          summary: 'Cancel a fax',
          description:
            'Cancels a fax that is queued, scheduled or waiting between tries. A fax whose earlier tries got pages through ends ' +
            '`partially_delivered` instead (those pages reached the recipient and are charged), its `failure_reason` `partial`.',
          requestParams: { path: ZV1FaxParams, header: idempotencyHeader },
          responses: { '200': ok('The canceled (or partly delivered) fax.', ZV1Fax), ...notFound, ...idempotencyErrors },
        }),
      },
      '/faxes/{fax_id}/uncertain': {
        post: operation('faxes:write', {
          operationId: 'chooseForUncertainFax',
          tags: ['Faxes'],
          summary: 'Resend or keep an uncertain fax',
          description:
            'A fax whose last call ended after the last page without the receiving machine’s confirmation is `failed` with ' +
            'failure_reason `uncertain`: maybe delivered, maybe not, never counted as delivered. Its sender chooses once: ' +
            '`resend` sends it again as a new fax (every check of a new send), `keep` leaves it as it is. Recorded and audited; ' +
            'a fax that is not uncertain, or whose choice was made, answers 409.',
          requestParams: { path: ZV1FaxParams, header: idempotencyHeader },
          requestBody: { content: { 'application/json': { schema: ZV1UncertainChoice } } },
          responses: {
            '200': ok('The fax with its choice, and the new fax when it was sent again.', ZV1UncertainChoiceResponse),
            ...notFound,
            ...idempotencyErrors,
          },
        }),
      },
      '/faxes/{fax_id}/file': {
        get: operation('faxes:read', {
          operationId: 'getFaxFile',
          tags: ['Faxes'],
          summary: 'Download the fax’s PDF',
          description:
            'The document of record: the PDF that was (or will be) faxed, or the received fax. Its SHA-256 is in `X-Content-SHA256`.',
          requestParams: { path: ZV1FaxParams },
          responses: {
            '200': {
              description: 'The PDF.',
              headers: rateLimitHeaders,
              content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
            },
            ...notFound,
          },
        }),
      },
      '/faxes/{fax_id}/text': {
        get: operation('faxes:read', {
          operationId: 'getFaxText',
          tags: ['Faxes'],
          summary: 'Get the words read on a fax',
          description:
            'The text read on each page of the fax (received or sent) by Faxline’s reader, when the account has "Read the words of faxes" on in its settings; 404 until the fax has been read.',
          requestParams: { path: ZV1FaxParams },
          responses: { '200': ok('The text, page by page.', ZV1FaxText), ...notFound },
        }),
      },
      '/contacts': {
        get: operation('contacts:read', {
          operationId: 'listContacts',
          tags: ['Contacts'],
          summary: 'List contacts',
          description: 'In name order; `search` matches name, number, company or e-mail.',
          requestParams: { query: ZContactListQuery },
          responses: { '200': ok('A page of contacts.', ZV1ContactList) },
        }),
        post: operation('contacts:write', {
          operationId: 'createContact',
          tags: ['Contacts'],
          summary: 'Create a contact',
          requestParams: { header: idempotencyHeader },
          requestBody: { required: true, content: json(ZV1ContactInput) },
          responses: { '201': ok('The contact.', ZV1Contact), ...idempotencyErrors },
        }),
      },
      '/contacts/{contact_id}': {
        get: operation('contacts:read', {
          operationId: 'getContact',
          tags: ['Contacts'],
          summary: 'Get a contact',
          requestParams: { path: ZV1ContactParams },
          responses: { '200': ok('The contact.', ZV1Contact), ...notFound },
        }),
        patch: operation('contacts:write', {
          operationId: 'updateContact',
          tags: ['Contacts'],
          summary: 'Change a contact',
          description: 'Only the fields sent change.',
          requestParams: { path: ZV1ContactParams },
          requestBody: { required: true, content: json(ZV1ContactUpdate) },
          responses: { '200': ok('The contact.', ZV1Contact), ...notFound },
        }),
        delete: operation('contacts:write', {
          operationId: 'deleteContact',
          tags: ['Contacts'],
          summary: 'Delete a contact',
          requestParams: { path: ZV1ContactParams },
          responses: { '200': ok('Deleted.', z.object({ id: z.string(), deleted: z.literal(true) })), ...notFound },
        }),
      },
      ...webhookPaths,
      '/status': {
        get: publicOperation({
          operationId: 'getStatus',
          tags: ['Status'],
          summary: 'The delivery record',
          description:
            'How sent faxes got through over the last 24 hours, 7 and 30 days, overall and per line: the share delivered by their first call, calls per delivered fax (beside 1.3, called attainable), and the median and 95th percentile from acceptance to the first call and to delivery; with the incident and maintenance notices of the last 30 days. The same figures as the /status page, kept for up to 30 seconds.',
          responses: { '200': ok('The delivery record.', ZV1Status) },
        }),
      },
    }),
    webhooks: webhookEvents,
  });
}
