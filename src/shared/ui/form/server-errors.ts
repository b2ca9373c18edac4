import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../api/http';

/**
 * What a failed submission comes to: `offline` (nothing reached the server, so nothing was sent), `fields` (a 400
 * whose reasons now stand under the form's own fields) or `other` (anything else: the form says so in its words).
 */
export type ServerErrorOutcome = 'offline' | 'fields' | 'other';

/**
 * The fields a 400 may name: a list of paths the server and the form share, or a map from the server's path to the
 * form's (e.g. 'address.state' → 'address.stateCode'), or a function for paths of a pattern.
 */
export type ServerFieldPaths<T extends FieldValues> =
  | readonly FieldPath<T>[]
  | Readonly<Record<string, FieldPath<T>>>
  | ((serverPath: string) => FieldPath<T> | null | undefined);

function formPathOf<T extends FieldValues>(paths: ServerFieldPaths<T>, serverPath: string): FieldPath<T> | undefined {
  if (typeof paths === 'function') return paths(serverPath) ?? undefined;
  if (Array.isArray(paths))
    return (paths as readonly string[]).includes(serverPath) ? (serverPath as FieldPath<T>) : undefined;
  return Object.hasOwn(paths, serverPath) ? (paths as Readonly<Record<string, FieldPath<T>>>)[serverPath] : undefined;
}

/**
 * One answer for every form to a failed submission. A 400 that names fields of the form puts each reason under its
 * field (the first reason per field, the server lists them in the order that matters) and moves the focus to the
 * first; what the person typed is never touched. `message` replaces the server's reason, for a form that has
 * a text of its own for 'the server refused this field'.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  paths: ServerFieldPaths<T>,
  options: { message?: string } = {},
): ServerErrorOutcome {
  if (!isApiError(error)) return 'other';
  if (error.isNetworkError) return 'offline';
  if (error.status !== 400) return 'other';
  const shown = new Set<string>();
  for (const field of error.fields) {
    const path = formPathOf(paths, field.path);
    if (path === undefined || shown.has(path)) continue;
    shown.add(path);
    setError(path, { type: 'server', message: options.message ?? field.message }, { shouldFocus: shown.size === 1 });
  }
  return shown.size > 0 ? 'fields' : 'other';
}
