import { isFhirResourceType, type FhirResourceType } from '../profiles';

/**
 * SMART scopes of a backend client (issue 38): read and search only, for the whole provider service (`system/`).
 * v2 syntax `system/Observation.rs` and v1 `system/Observation.read`; `*` for every type the API serves.
 */

/** What a token may read: every type, or these. */
export type GrantedTypes = '*' | ReadonlySet<FhirResourceType>;

const scopePattern = /^system\/(\*|[A-Z][A-Za-z]{0,63})\.(rs|r|s|read)$/;

/**
 * The scopes granted for a request's `scope`: every one asked must be a read or search of a served type (or `*`),
 * else the whole request is refused (null), so a client never gets less than it asked without knowing it.
 */
export function grantScopes(requested: string): string[] | null {
  const scopes = requested.split(' ').filter((scope) => scope !== '');
  if (scopes.length === 0 || scopes.length > 20) return null;
  for (const scope of scopes) {
    const match = scopePattern.exec(scope);
    if (!match) return null;
    const type = match[1] ?? '';
    if (type !== '*' && !isFhirResourceType(type)) return null;
  }
  return [...new Set(scopes)];
}

/**
 * The types a granted scope string lets a token read and search. `.r` alone reads, `.s` alone searches; a backend
 * export both reads and searches, so either is enough to have the type at all, and the routes ask for the one they
 * need (mayRead / maySearch).
 */
export function grantedTypes(scope: string, need: 'read' | 'search'): GrantedTypes {
  const types = new Set<FhirResourceType>();
  for (const granted of scope.split(' ')) {
    const match = scopePattern.exec(granted);
    if (!match) continue;
    const permissions = match[2] ?? '';
    const allows = permissions === 'read' || permissions === 'rs' || permissions === (need === 'read' ? 'r' : 's');
    if (!allows) continue;
    const type = match[1] ?? '';
    if (type === '*') return '*';
    if (isFhirResourceType(type)) types.add(type);
  }
  return types;
}

export function allowsType(granted: GrantedTypes, type: string): boolean {
  return granted === '*' || (isFhirResourceType(type) && granted.has(type));
}
