import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { issuesToFields, validationFailed } from './errors';

function parseWith<S extends z.ZodType>(schema: S, value: unknown, prefix: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationFailed(
    issuesToFields(result.error.issues).map((field) => ({
      ...field,
      path: prefix && field.path ? `${prefix}.${field.path}` : field.path || prefix,
    })),
  );
}

/** Parses the JSON body with a shared contract schema; failures answer 400 with the fields. */
export function parseBody<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  return parseWith(schema, request.body, '');
}

export function parseQuery<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  return parseWith(schema, request.query, 'query');
}

export function parseParams<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  return parseWith(schema, request.params, 'params');
}
