import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiErrorBody } from '../../src/shared/api/contract';

export type FieldError = NonNullable<ApiErrorBody['fields']>[number];

/** An answer a route means to give; anything else reaching the error handler is a bug (500). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ApiErrorBody {
    return this.fields
      ? { code: this.code, message: this.message, fields: this.fields }
      : { code: this.code, message: this.message };
  }
}

export const unauthorized = (): HttpError => new HttpError(401, 'UNAUTHORIZED', 'Authentication required');
export const forbidden = (): HttpError => new HttpError(403, 'FORBIDDEN', 'Access forbidden');
export const notFound = (message = 'Not found'): HttpError => new HttpError(404, 'NOT_FOUND', message);
export const validationFailed = (fields: FieldError[]): HttpError =>
  new HttpError(400, 'VALIDATION', 'Request validation failed', fields);

export function issuesToFields(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({
    path: issue.path.map((part) => String(part)).join('.'),
    message: issue.message,
  }));
}

/** Client-error codes Fastify itself raises, mapped to our codes; all are the client's fault. */
const fastifyClientErrors: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  431: 'HEADERS_TOO_LARGE',
};

const malformedBodyCodes = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number';
}

/**
 * Bad input always answers 4xx with a reason; only real faults answer 500, with a generic message
 * and no stack. The log gets the error's name, code and stack frames but not its message, because
 * database and parser messages can quote the input (which may be patient data).
 */
export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof HttpError) {
    void reply.code(error.statusCode).send(error.toBody());
    return;
  }
  if (error instanceof z.ZodError) {
    void reply.code(400).send(validationFailed(issuesToFields(error.issues)).toBody());
    return;
  }
  if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    if (malformedBodyCodes.has(error.code) || error instanceof SyntaxError) {
      void reply.code(400).send(validationFailed([{ path: '', message: 'Body is not valid JSON' }]).toBody());
      return;
    }
    const body: ApiErrorBody = {
      code: fastifyClientErrors[error.statusCode] ?? 'BAD_REQUEST',
      message: error.message,
    };
    void reply.code(error.statusCode).send(body);
    return;
  }
  const name = error instanceof Error ? error.name : typeof error;
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  const frames = error instanceof Error ? error.stack?.split('\n').slice(1).join('\n') : undefined;
  request.log.error({ errorName: name, errorCode: code, frames }, 'unhandled error');
  const body: ApiErrorBody = { code: 'INTERNAL', message: 'Something went wrong on the server' };
  void reply.code(500).send(body);
}
