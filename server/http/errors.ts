import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import './zod-english';
import type { ApiErrorBody } from '#common/contract';
import { fallbackLanguage, type InterfaceLanguage } from '#common/languages';
import { requestLanguage, serverText, type MessageValues } from './messages';

export type FieldError = NonNullable<ApiErrorBody['fields']>[number];

/** An answer a route means to give; anything else reaching the error handler is a bug (500). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldError[],
    /** A message of the locale files: the answer carries it in the language the request asks for. */
    readonly messageKey?: { key: string; values?: MessageValues },
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(language: InterfaceLanguage = fallbackLanguage): ApiErrorBody {
    const message = this.messageKey ? serverText(language, this.messageKey.key, this.messageKey.values) : this.message;
    return this.fields ? { code: this.code, message, fields: this.fields } : { code: this.code, message };
  }
}

/** An error a person reads (staff screens show it after their own text): in the language the request asks for. */
export function translatedError(
  statusCode: number,
  code: string,
  key: string,
  options: { values?: MessageValues; fields?: FieldError[] } = {},
): HttpError {
  const messageKey = options.values ? { key, values: options.values } : { key };
  return new HttpError(statusCode, code, serverText(fallbackLanguage, key, options.values), options.fields, messageKey);
}

export const unauthorized = (): HttpError =>
  translatedError(401, 'UNAUTHORIZED', 'TEXT_SERVER_AUTHENTICATION_REQUIRED');
export const forbidden = (): HttpError => translatedError(403, 'FORBIDDEN', 'TEXT_SERVER_ACCESS_FORBIDDEN');
export const notFound = (message = 'Not found'): HttpError => new HttpError(404, 'NOT_FOUND', message);
export const validationFailed = (fields: FieldError[]): HttpError =>
  translatedError(400, 'VALIDATION', 'TEXT_SERVER_REQUEST_VALIDATION_FAILED', { fields });

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
  const language = requestLanguage(request);
  if (error instanceof HttpError) {
    void reply.code(error.statusCode).send(error.toBody(language));
    return;
  }
  if (error instanceof z.core.$ZodError) {
    void reply.code(400).send(validationFailed(issuesToFields(error.issues)).toBody(language));
    return;
  }
  if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    if (malformedBodyCodes.has(error.code) || error instanceof SyntaxError) {
      void reply.code(400).send(validationFailed([{ path: '', message: 'Body is not valid JSON' }]).toBody(language));
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
  const body: ApiErrorBody = { code: 'INTERNAL', message: serverText(language, 'TEXT_SERVER_SOMETHING_WENT_WRONG') };
  void reply.code(500).send(body);
}
