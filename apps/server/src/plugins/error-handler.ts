import { codeForHttpStatus, type ErrorCode } from '@nzeta/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../lib/database-unavailable';
import { redactUrl } from '../lib/redact-url';

/**
 * One place turns every failure into the envelope {status, message, code}. Validation answers the
 * schema's own message (SPEC §5); unexpected errors are logged and never shown. The code comes
 * from the domain's table (packages/domain/src/errors.ts).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.httpStatus === 401 || error.httpStatus === 403) {
        request.log.info({ url: redactUrl(request.url), status: error.httpStatus }, 'access denied');
      }
      return reply
        .code(error.httpStatus)
        .headers(error.headers)
        .send({
          status: error.httpStatus === 401 ? 401 : 0,
          message: error.message,
          code: error.code,
        });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply
        .code(400)
        .send({ status: 0, message: first?.message ?? 'Invalid request.', code: 'VALIDATION_FAILED' });
    }
    const statusCode = (error as FastifyError).statusCode ?? 500;
    if (statusCode === 429) {
      return reply.code(429).send({
        status: 0,
        message: error.message || 'Too many requests. Please try again later.',
        code: 'RATE_LIMITED',
      });
    }
    if (statusCode >= 400 && statusCode < 500) {
      const fastifyError = error as FastifyError;
      return reply
        .code(statusCode)
        .send({ status: 0, message: clientMessage(fastifyError), code: clientCode(fastifyError, statusCode) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: 0, message: DATABASE_UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(Math.max(statusCode, 500))
      .send({ status: 0, message: 'Something went wrong. Please try again.', code: 'INTERNAL_ERROR' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      status: 0,
      message: `No such call: ${request.method} ${request.url.split('?')[0]}`,
      code: 'ROUTE_NOT_FOUND',
    });
  });
}

/** Fastify's own 4xx texts are fine to show, except where they quote internals. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return 'Invalid request.';
  }
}

function clientCode(error: FastifyError, statusCode: number): ErrorCode {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return 'INVALID_JSON';
  }
  return codeForHttpStatus(statusCode);
}
