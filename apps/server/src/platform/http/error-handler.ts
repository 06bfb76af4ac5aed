import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TApiError, TErrorType } from '@faxline/shared';
import type { z } from 'zod';
import { translateIssue, translator, type MessageKey } from '../i18n/i18n';
import { AppError, STATUS_OF_ERROR_TYPE } from './app-error';

function send(reply: FastifyReply, status: number, body: TApiError) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own request errors (bad JSON, body too large...) as our public error types. */
function fromFastifyError(error: FastifyError): { type: TErrorType; key: MessageKey; status: number } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { type: 'invalid_request', key: 'errors.malformedJson', status: 400 };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { type: 'invalid_request', key: 'errors.unsupportedMediaType', status: 415 };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { type: 'payload_too_large', key: 'errors.payloadTooLarge', status: 413 };
  }
  if (error.statusCode === 429) return { type: 'rate_limited', key: 'errors.rateLimited', status: 429 };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { type: 'invalid_request', key: 'errors.invalidRequest', status: error.statusCode };
  }
  return undefined;
}

/**
 * The one place where errors become HTTP answers: `{ error: { type, message } }` in the caller's language, never a
 * stack trace; 5xx answers carry the request id that the logs carry too.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const t = translator(request.language);

    if (error instanceof AppError) {
      const status = error.status;
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return send(reply, status, {
        error: {
          type: error.type,
          message: t(error.messageKey, { ...error.params, requestId: request.id }),
          ...(status >= 500 ? { requestId: request.id } : {}),
        },
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        // The provider flattens each zod issue into Ajv's error shape; put the issue back together to translate it.
        const path = v.instancePath.split('/').filter(Boolean);
        const issue = { ...v.params, code: v.keyword, message: v.message ?? '', path } as unknown as z.core.$ZodIssue;
        return { path: [error.validationContext, ...path].filter(Boolean).join('.'), message: translateIssue(issue, request.language) };
      });
      const first = issues[0];
      return send(reply, 400, {
        error: {
          type: 'invalid_request',
          message: first ? t('errors.invalidField', { field: first.path, message: first.message }) : t('errors.invalidRequest'),
          issues,
        },
      });
    }

    const known = fromFastifyError(error);
    if (known) return send(reply, known.status, { error: { type: known.type, message: t(known.key) } });

    request.log.error({ err: error }, 'unhandled error');
    return send(reply, STATUS_OF_ERROR_TYPE.internal_error, {
      error: { type: 'internal_error', message: t('errors.internal', { requestId: request.id }), requestId: request.id },
    });
  });
}
