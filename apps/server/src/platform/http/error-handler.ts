import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TApiError, TErrorType } from '@faxline/shared';
import type { z } from 'zod';
import { negotiateLanguage, translateIssue, translator, type MessageKey } from '../i18n/i18n';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError, STATUS_OF_ERROR_TYPE } from './app-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** Error bodies in another shape under a path prefix (the public API's, /v1/): see `answerErrorsAs`. */
    errorShapes: Array<{ prefix: string; shape: ErrorShape }>;
  }
}

/** Turns the error body into another shape (and may add headers): the public API's errors are its own. */
export type ErrorShape = (request: FastifyRequest, reply: FastifyReply, body: TApiError) => unknown;

/**
 * Answers the errors of requests under `prefix` in another shape. Every error answer passes here, those given before
 * routing too (a malformed address), which no scope's hook would see.
 */
export function answerErrorsAs(app: FastifyInstance, prefix: string, shape: ErrorShape): void {
  app.errorShapes.push({ prefix, shape });
}

async function send(reply: FastifyReply, status: number, body: TApiError) {
  reply.status(status).type('application/json; charset=utf-8');
  const shape = reply.server.errorShapes?.find((entry) => reply.request.url.startsWith(entry.prefix))?.shape;
  return reply.send(shape ? await shape(reply.request, reply, body) : body);
}

/**
 * An error body: the type clients branch on by class, the message key as a stable `code` for the exact case, and the
 * message in the caller's language.
 */
export function errorBody(
  request: FastifyRequest,
  type: TErrorType,
  key: MessageKey,
  params: Record<string, unknown> = {},
  extra: Pick<TApiError['error'], 'requestId' | 'issues' | 'upgradeUrl'> = {},
): TApiError {
  return { error: { type, code: key, message: translator(request.language)(key, params), ...extra } };
}

type KnownError = { type: TErrorType; key: MessageKey; status: number };

/**
 * A multipart form the parser cannot read: busboy reports no boundary or a part cut short with plain errors (known by
 * where they arise), and a body that ends before its form does closes the parts' streams early.
 */
function isMalformedMultipart(error: FastifyError, request: FastifyRequest): boolean {
  if (!String(request.headers['content-type'] ?? '').startsWith('multipart/')) return false;
  return error.code === 'ERR_STREAM_PREMATURE_CLOSE' || /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? '');
}

/** Fastify's own request errors (bad JSON, body too large, bad address...) and its plugins' as our public error types. */
function fromFastifyError(error: FastifyError, request: FastifyRequest): KnownError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { type: 'invalid_request', key: 'errors.malformedJson', status: 400 };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { type: 'invalid_request', key: 'errors.unsupportedMediaType', status: 415 };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { type: 'payload_too_large', key: 'errors.payloadTooLarge', status: 413 };
    case 'FST_ERR_BAD_URL':
      return { type: 'invalid_request', key: 'errors.malformedUrl', status: 400 };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { type: 'invalid_request', key: 'errors.urlTooLong', status: 414 };
  }
  // secure-json-parse refusing a __proto__ key, for example.
  if (error instanceof SyntaxError && error.statusCode === 400)
    return { type: 'invalid_request', key: 'errors.malformedJson', status: 400 };
  if (isMalformedMultipart(error, request)) return { type: 'invalid_request', key: 'errors.malformedMultipart', status: 400 };
  if (error.statusCode === 429) return { type: 'rate_limited', key: 'errors.rateLimited', status: 429 };
  if (error.statusCode === 413) return { type: 'payload_too_large', key: 'errors.payloadTooLarge', status: 413 };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { type: 'invalid_request', key: 'errors.invalidRequest', status: error.statusCode };
  }
  return undefined;
}

/** What PostgreSQL says about a failed statement, without the statement: its SQL and parameters stay out of logs. */
type DatabaseFailure = { code: string; constraint?: string; table?: string; column?: string; routine?: string };

/** PostgreSQL's error, whether Drizzle wrapped it (its message then holds the SQL and every parameter) or not. */
function databaseFailureOf(error: unknown): DatabaseFailure | undefined {
  let current = error as { code?: unknown; severity?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1, current = current.cause as typeof current) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code) && typeof current.severity === 'string') {
      const { code, constraint, table, column, routine } = current as DatabaseFailure;
      return { code, constraint, table, column, routine };
    }
  }
  return undefined;
}

/** Where the failed query was made: the stack frames only, cut after the message (which may hold SQL and values). */
function framesOf(error: Error): string[] {
  const stack = error.stack ?? '';
  const end = stack.indexOf(error.message);
  const frames = end >= 0 ? stack.slice(end + error.message.length) : '';
  return frames
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '))
    .slice(0, 12);
}

function answer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const status = error.status;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // A wait the server knows (a sign-in delay) is said in the standard header too, for clients that honour it.
    if (error.type === 'rate_limited' && typeof error.params.seconds === 'number')
      reply.header('retry-after', String(error.params.seconds));
    // A plan's missing feature says, in its message too (API callers read no links), where a plan that has it is chosen.
    const upgradePath = 'upgradePath' in error && typeof error.upgradePath === 'string' ? error.upgradePath : undefined;
    const upgrade = upgradePath ? { upgradeUrl: upgradePath, url: `${request.protocol}://${request.host}${upgradePath}` } : {};
    const params = { ...error.params, ...upgrade, requestId: request.id };
    const issues = error.field ? [{ path: error.field, message: translator(request.language)(error.messageKey, params) }] : undefined;
    return send(
      reply,
      status,
      errorBody(
        request,
        error.type,
        error.messageKey,
        params,
        status >= 500 ? { requestId: request.id } : issues ? { issues } : upgradePath ? { upgradeUrl: upgradePath } : {},
      ),
    );
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => {
      // The provider flattens each zod issue into Ajv's error shape; put the issue back together to translate it.
      const path = v.instancePath.split('/').filter(Boolean);
      const issue = { ...v.params, code: v.keyword, message: v.message ?? '', path } as unknown as z.core.$ZodIssue;
      return { path: [error.validationContext, ...path].filter(Boolean).join('.'), message: translateIssue(issue, request.language) };
    });
    const first = issues[0];
    const body = first
      ? errorBody(request, 'invalid_request', 'errors.invalidField', { field: first.path, message: first.message }, { issues })
      : errorBody(request, 'invalid_request', 'errors.invalidRequest', {}, { issues });
    return send(reply, 400, body);
  }

  // The database is out of reach or restarting (or no connection came free in time): nothing was changed, so the
  // caller may safely try again.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ errorType: error.name, code: (error as { code?: unknown }).code, frames: framesOf(error) }, 'database unavailable');
    return send(reply.header('retry-after', '5'), STATUS_OF_ERROR_TYPE.unavailable, errorBody(request, 'unavailable', 'errors.busy'));
  }

  const database = databaseFailureOf(error);
  if (database) {
    const logged = { database, errorType: error.name, frames: framesOf(error) };
    // Class 22 (data exception: a NUL byte, a number out of range, a malformed value) is the caller's input that a
    // contract let through: a 400 for them, a warning for us to tighten that contract. The contracts stay the defence.
    if (database.code.startsWith('22')) {
      request.log.warn(logged, 'the database refused a value from the request');
      return send(reply, 400, errorBody(request, 'invalid_request', 'errors.invalidValue'));
    }
    request.log.error(logged, 'database error');
  } else {
    const known = fromFastifyError(error, request);
    if (known) return send(reply, known.status, errorBody(request, known.type, known.key));
    request.log.error({ err: error }, 'unhandled error');
  }
  return send(
    reply,
    STATUS_OF_ERROR_TYPE.internal_error,
    errorBody(request, 'internal_error', 'errors.internal', { requestId: request.id }, { requestId: request.id }),
  );
}

/**
 * The one place where errors become HTTP answers: `{ error: { type, code, message } }` in the caller's language, never a
 * stack trace; 5xx answers carry the request id that the logs carry too. Database errors are logged with their code
 * and constraint, never with the SQL and its parameters (personal data, passwords' hashes, tokens).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.decorate('errorShapes', []);
  app.setErrorHandler(answer);
}

/**
 * Fastify's `frameworkErrors`: a request the router cannot even read (a malformed percent-escape in the path, a path
 * parameter over the length limit) is answered here, before any hook has run, in the same shape as every error.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.language = negotiateLanguage(request.headers['accept-language']);
  reply.header('x-request-id', request.id);
  return answer(error, request, reply);
}
