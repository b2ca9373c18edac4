/**
 * The calls of spec §7, the only ones a production API is known to offer (issue 37). The one list the reference
 * server's spec-only surface (API_SURFACE=spec, server/http/api-surface.ts) and the end-to-end check of the
 * client's requests both read. `{product}` is the product slug; any other `{name}` is a record id (one path
 * segment). Pure data and matching: no imports, so every side may read it.
 */
export type SpecCallMethod = 'GET' | 'POST' | 'PUT';

export interface SpecCall {
  readonly method: SpecCallMethod;
  readonly path: string;
}

const staffProfiles = (kind: 'clinicians' | 'technicians' | 'patients'): SpecCall[] => [
  { method: 'GET', path: `/api/profile/${kind}` },
  { method: 'GET', path: `/api/profile/${kind}/{id}` },
  { method: 'POST', path: `/api/profile/${kind}` },
  // The spec writes "POST, PUT" on the list's path: the profile in the body names the record.
  { method: 'PUT', path: `/api/profile/${kind}` },
];

const profilesActions = [
  'changepassword',
  'setupfirsttimepassword',
  'setupfirsttimepasswordvalidatetoken',
  'forgotpassword',
  'sendresetpasswordlink',
  'resetpassword',
  'deactivateaccount',
  'reactivateaccount',
  'resendsetupaccountlink',
  'updateexpiredpassword',
  'acceptprivacypolicy',
] as const;

const order = '/api/{product}/assessmentorders';

export const specCalls: readonly SpecCall[] = [
  { method: 'POST', path: '/api/{product}/login' },
  { method: 'POST', path: '/api/{product}/login/logout' },
  { method: 'POST', path: '/api/{product}/login/validate' },
  { method: 'POST', path: '/api/{product}/login/refreshauthtoken' },
  { method: 'POST', path: '/api/{product}/login/patient' },
  { method: 'GET', path: '/api/{product}/devops' },
  ...profilesActions.map((action): SpecCall => ({ method: 'POST', path: `/api/profiles/${action}` })),
  ...staffProfiles('clinicians'),
  ...staffProfiles('technicians'),
  ...staffProfiles('patients'),
  { method: 'GET', path: '/api/profile/patients/withresults' },
  { method: 'GET', path: '/api/profile/patients/outstandingorders' },
  { method: 'GET', path: '/api/profile/patients/{id}/assessmentorders' },
  { method: 'GET', path: '/api/profile/patients/{id}/assessmentorders/{assessmentId}' },
  { method: 'POST', path: order },
  { method: 'GET', path: `${order}/{id}` },
  { method: 'POST', path: `${order}/bulk` },
  { method: 'POST', path: `${order}/{id}/begintest` },
  { method: 'POST', path: `${order}/{id}/beginsupervisedtest` },
  { method: 'POST', path: `${order}/{id}/testerror` },
  { method: 'POST', path: `${order}/{id}/testcompleted` },
  { method: 'GET', path: '/api/{product}/providerservices' },
  { method: 'GET', path: '/api/{product}/providerservices/{id}' },
  { method: 'POST', path: '/api/{product}/providerservices' },
  { method: 'PUT', path: '/api/{product}/providerservices/{id}' },
  { method: 'GET', path: '/api/{product}/providerservices/batteries' },
  { method: 'GET', path: '/api/{product}/providerservices/updatedproviderservices' },
  { method: 'GET', path: '/api/references/localities' },
  { method: 'GET', path: '/api/references/reporttypes' },
  { method: 'GET', path: '/api/references/batteries' },
  { method: 'GET', path: '/api/rules' },
  { method: 'POST', path: '/api/{product}/contact' },
  { method: 'POST', path: '/api/{product}/log/info' },
  { method: 'POST', path: '/api/{product}/log/warn' },
  { method: 'POST', path: '/api/{product}/log/error' },
  { method: 'POST', path: '/api/{product}/log/fatal' },
];

/**
 * Reads the spec's own screens need whose call spec §7 does not show ("response bodies of most calls are not
 * shown"): the choices of the profile forms of spec §3 and §5 (specialty, state, country, provider services). A
 * production API must answer them somehow; the reference server's path is taken as that call until the spec names
 * one, so the spec-only surface keeps it and the end-to-end check accepts it.
 */
export const specGapCalls: readonly SpecCall[] = [{ method: 'GET', path: '/api/references/profile' }];

/**
 * Paths under /api that are not the client's calls, so a spec-only surface keeps them: the oEmbed stand-in of the
 * video service (spec §7 "other fetches"), the reference runner's own calls (its endPoint; in production the runner
 * and the API it reports to are the service's, not the client's) and the demo tooling (outbox, test switches), which
 * lives under /api/dev, never under /api/{product} or /api/profile(s), and exists only in demo mode.
 */
export const nonClientApiPrefixes: readonly string[] = ['/api/oembed', '/api/{product}/workflow/', '/api/dev/'];

const segmentsOf = (path: string): string[] => (path.split(/[?#]/)[0] ?? '').split('/');
const isParameter = (segment: string): boolean => segment.startsWith('{') && segment.endsWith('}');

/**
 * Whether a request is this call. `path` is the requested path (a query string is ignored). With `routePattern`
 * (the server's matched route, `:name` for a parameter) a `{id}` must be a parameter of the route, so a literal
 * route such as `/assessmentorders/followup` never passes for `/assessmentorders/{id}`; without it (a browser's
 * request) a `{id}` is a record id, which is a number.
 */
export function matchesSpecCall(
  call: SpecCall,
  method: string,
  path: string,
  product: string,
  routePattern?: string,
): boolean {
  if (call.method !== method.toUpperCase()) return false;
  const actual = segmentsOf(path);
  const route = routePattern === undefined ? undefined : segmentsOf(routePattern);
  if (route !== undefined && route.length !== actual.length) return false;
  const expected = segmentsOf(call.path.replace('{product}', product));
  if (expected.length !== actual.length) return false;
  return expected.every((segment, index) => {
    const value = actual[index] ?? '';
    const routeSegment = route?.[index];
    if (isParameter(segment)) {
      return routeSegment === undefined ? /^\d+$/.test(value) : routeSegment.startsWith(':');
    }
    if (value !== segment) return false;
    return routeSegment === undefined || routeSegment === segment || routeSegment.startsWith(':');
  });
}

/** Whether a request is one of spec §7's calls (or of specGapCalls); see matchesSpecCall. */
export function isSpecCall(method: string, path: string, product: string, routePattern?: string): boolean {
  return [...specCalls, ...specGapCalls].some((call) => matchesSpecCall(call, method, path, product, routePattern));
}

/** Whether a path under /api is one the client never calls (nonClientApiPrefixes). */
export function isNonClientApiPath(path: string, product: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return nonClientApiPrefixes.some((prefix) => {
    const resolved = prefix.replace('{product}', product);
    return resolved.endsWith('/') ? pathname.startsWith(resolved) : pathname === resolved;
  });
}

/** Whether a path is an API call at all (everything else is files, pages and configuration). */
export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');
