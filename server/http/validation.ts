import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { findControlCharacter } from '#common/validation/text';
import { validationMessages } from '#common/validation/messages';
import { issuesToFields, validationFailed, type FieldError } from './errors';

function parseWith<S extends z.ZodMiniType>(schema: S, value: unknown, prefix: string): z.output<S> {
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
export function parseBody<S extends z.ZodMiniType>(schema: S, request: FastifyRequest): z.output<S> {
  return parseWith(schema, request.body, '');
}

export function parseQuery<S extends z.ZodMiniType>(schema: S, request: FastifyRequest): z.output<S> {
  return parseWith(schema, request.query, 'query');
}

export function parseParams<S extends z.ZodMiniType>(schema: S, request: FastifyRequest): z.output<S> {
  return parseWith(schema, request.params, 'params');
}

/** Arrays and objects deeper than this are not walked further; no contract schema nests half as deep. */
const maxDepth = 32;

function controlCharacterField(value: unknown, path: string, depth: number): FieldError | null {
  if (typeof value === 'string') {
    return findControlCharacter(value, { multiLine: true }) === null
      ? null
      : { path, message: validationMessages.controlCharacters };
  }
  if (typeof value !== 'object' || value === null || depth > maxDepth) return null;
  for (const [key, entry] of Object.entries(value)) {
    const entryPath = path ? `${path}.${key}` : key;
    if (findControlCharacter(key, { multiLine: false }) !== null) {
      return { path: entryPath, message: validationMessages.controlCharacters };
    }
    const found = controlCharacterField(entry, entryPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * NUL cannot be stored in a PostgreSQL text column and no field has a use for other control characters, so
 * they are refused here for every route at once (body, query and path), before any handler or query runs.
 * Tab and line breaks pass this layer because multi-line texts allow them; the single-line text schemas of
 * the contract refuse them field by field.
 */
export function registerControlCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const field =
      controlCharacterField(request.params, 'params', 0) ??
      controlCharacterField(request.query, 'query', 0) ??
      controlCharacterField(request.body, '', 0);
    done(field ? validationFailed([field]) : undefined);
  });
}
