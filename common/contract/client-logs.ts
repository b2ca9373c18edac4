import { z } from 'zod/mini';

/** Spec §7: POST /api/{product}/log/info|warn|error|fatal with body {message}. */
export const clientLogLevelSchema = z.enum(['info', 'warn', 'error', 'fatal']);
export type ClientLogLevel = z.infer<typeof clientLogLevelSchema>;

/**
 * Issue 35 F7: the client never sends free text. A log message is one of these codes, optionally followed by
 * `:` and the name of the error behind it (`render.crashed:TypeError`). The server refuses any other message
 * with 400, so a name, a date or an address can never reach the table, whatever a page or a script posts.
 */
export const clientLogCodes = [
  /** A route's role or entitlement guard sent the person home (spec §6). */
  'access.forbidden',
  /** The chosen provider service is not one this user may see. */
  'access.providerServiceHidden',
  /** The encrypted copy of the lists (DESIGN §3) could not be written or read. */
  'cache.updateFailed',
  /** A code chunk failed to download outside the router (Vite's preload event). */
  'chunk.loadFailed',
  'error.unhandled',
  'rejection.unhandled',
  /** A page of the privacy policy could not be drawn (its text is still there). */
  'policy.pageDrawFailed',
  /** A page threw while rendering. */
  'render.crashed',
  /** The cognitive report could not be opened (spec §7: only logged). */
  'report.loadFailed',
  /** The PDF of a report opened with the session could not be downloaded (issue 37). */
  'report.pdfFailed',
  /** The resource configuration could not be read (spec §7: only logged). */
  'resourceConfig.loadFailed',
  /** A page's code could not be downloaded. */
  'route.loadFailed',
  /** The periodic session check got no usable answer (not a 401); it tries again. */
  'session.checkFailed',
  /** The service worker could not be registered or updated. */
  'sw.updateFailed',
] as const;
export type ClientLogCode = (typeof clientLogCodes)[number];

/**
 * Error names kept as they are: the language's own, the browser's (DOMException names) and the app's. Any other
 * name (a library's class, or anything a script sets) is kept as `OtherError`; a thrown value that is not an
 * error at all as `NonError`.
 */
export const clientLogErrorNames = [
  'Error',
  'AggregateError',
  'EvalError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'TypeError',
  'URIError',
  'AbortError',
  'ConstraintError',
  'DataCloneError',
  'DataError',
  'EncodingError',
  'InvalidAccessError',
  'InvalidStateError',
  'NetworkError',
  'NotAllowedError',
  'NotFoundError',
  'NotReadableError',
  'NotSupportedError',
  'OperationError',
  'QuotaExceededError',
  'ReadOnlyError',
  'SecurityError',
  'TimeoutError',
  'TransactionInactiveError',
  'UnknownError',
  'VersionError',
  'ApiError',
  'ZodError',
  'OtherError',
  'NonError',
] as const;
export type ClientLogErrorName = (typeof clientLogErrorNames)[number];

const knownCodes: ReadonlySet<string> = new Set(clientLogCodes);
const knownErrorNames: ReadonlySet<string> = new Set(clientLogErrorNames);

/** The catalogue's name for a name an error carries. */
export function clientLogErrorName(name: string): ClientLogErrorName {
  return knownErrorNames.has(name) ? (name as ClientLogErrorName) : 'OtherError';
}

/**
 * The name of whatever was thrown, as the log may carry it: never its message. Anything with a name counts as an
 * error (a DOMException is not an Error in every engine).
 */
export function clientLogErrorNameOf(thrown: unknown): ClientLogErrorName {
  const name: unknown = typeof thrown === 'object' && thrown !== null && 'name' in thrown ? thrown.name : undefined;
  return typeof name === 'string' ? clientLogErrorName(name) : 'NonError';
}

/** `code` or `code:ErrorName`; the name is letters only, so nothing but a word can ride along. */
const messageShape = /^([a-zA-Z]+\.[a-zA-Z]+)(?::([A-Za-z]{1,40}))?$/;

/** The message as it is stored, or null when it is not a catalogue code (with an error name or none). */
export function knownClientLogMessage(message: string): string | null {
  const match = messageShape.exec(message.trim());
  const code = match?.[1];
  if (code === undefined || !knownCodes.has(code)) return null;
  const name = match?.[2];
  return name === undefined ? code : `${code}:${clientLogErrorName(name)}`;
}

/** A code with its error name, as the client sends it. */
export function clientLogMessage(code: ClientLogCode, errorName?: ClientLogErrorName): string {
  return errorName === undefined ? code : `${code}:${errorName}`;
}

/** Longer than any catalogue code with an error name. */
export const maxClientLogMessageLength = 100;

/** Spec §3 Log message: the body of the per-level call. */
export const clientLogMessageSchema = z.object({
  message: z.string().check(
    z.trim(),
    z.minLength(1, 'VALID_MESSAGE_IS_REQUIRED'),
    z.maxLength(maxClientLogMessageLength, 'VALID_MESSAGE_TOO_LONG'),
    z.refine((message) => knownClientLogMessage(message) !== null, 'VALID_LOG_MESSAGE_UNKNOWN_CODE'),
  ),
});
export type ClientLogMessage = z.infer<typeof clientLogMessageSchema>;

/**
 * The same call sent as a beacon when the page is hidden. A beacon cannot set headers, so the two that say where
 * the message comes from travel in the body beside `message` (an API with only the spec's {message} ignores
 * them); it carries no token, so the server files it as anonymous.
 */
export const clientLogBeaconSchema = z.object({
  message: clientLogMessageSchema.shape.message,
  clientVersion: z.optional(z.string().check(z.maxLength(64))),
  clientCurrentRoute: z.optional(z.string().check(z.maxLength(300))),
});
export type ClientLogBeacon = z.infer<typeof clientLogBeaconSchema>;

export const clientLogAcceptedSchema = z.object({ accepted: z.int().check(z.nonnegative()) });
export type ClientLogAccepted = z.infer<typeof clientLogAcceptedSchema>;

/** `1.2.3`, optionally with a pre-release (`-rc.1`) or a build (`+5f3c2a1`) part of plain dotted words. */
const versionPattern =
  /^\d{1,6}\.\d{1,6}\.\d{1,6}(?:-[0-9A-Za-z]{1,20}(?:\.[0-9A-Za-z]{1,20}){0,3})?(?:\+[0-9A-Za-z.]{1,40})?$/;

/** The client version as the log keeps it: a version, else `unknown`. */
export function clientLogVersion(version: string): string {
  const trimmed = version.trim();
  return versionPattern.test(trimmed) ? trimmed : 'unknown';
}

/**
 * The literal segments of the client's routes (spec §2) and of its error pages' codes. Any other segment of a path
 * (an id, a token, a name, a word the route table does not have) is stored as `:id`.
 */
export const clientRouteSegments: ReadonlySet<string> = new Set([
  'about',
  'audit',
  'add',
  'addproviderservice',
  'assessment',
  'cbbreport',
  'clinician',
  'clinicianmyprofile',
  'clinicians',
  'completed',
  'contact',
  'cops',
  'edit',
  'editproviderservice',
  'error',
  'fhirclients',
  'handover',
  'index',
  'licenses',
  'logout',
  'manage',
  'ordernewassessment',
  'patient',
  'patientassessment',
  'patientlogin',
  'patientloginerror',
  'patients',
  'patientsorders',
  'patientsresults',
  'providerservice',
  'resources',
  'selfassessment',
  'setupaccount',
  'setupaccountchangeexpiredpassword',
  'setupaccountchangepassword',
  'setupaccountresetmypassword',
  'technician',
  'technicianmyprofile',
  'technicians',
  'us',
  'whoweare',
  // Error pages' codes (spec §2, §4).
  'agefailure',
  'cbbbrowsercheckfailure',
  'cbbversionfailure',
  'linkexpired',
  'orderalreadycompleted',
  'ordercancelled',
  'templock',
  'unknownerror',
  'workflowerror',
]);

/**
 * A path as its route pattern: `/cgm/manage/patient/123?tab=orders` is `/cgm/manage/patient/:id`. The query string
 * and the fragment go (they carry link tokens and searched names), and so does every segment the route table does
 * not name. The client sends this; the server applies it again to whatever arrives.
 */
export function clientRoutePattern(path: string, product: string): string {
  const [pathOnly = ''] = path.split(/[?#]/);
  const segments = pathOnly
    .split('/')
    .filter((segment) => segment !== '')
    .slice(0, 12)
    .map((segment) => {
      const word = segment.toLowerCase();
      return word === product || clientRouteSegments.has(word) ? word : ':id';
    });
  return `/${segments.join('/')}`;
}

/** GET /api/{product}/log (administrators): the newest entries first. */
export const clientLogEntrySchema = z.object({
  id: z.int(),
  level: clientLogLevelSchema,
  /** A catalogue code, with the name of its error when it has one. */
  message: z.string(),
  /** The route's pattern (`/cgm/manage/patient/:id`). */
  route: z.string(),
  /** A version, or `unknown`. */
  clientVersion: z.string(),
  /** The signed-in role that sent it, or null for an anonymous page (sign-in, patient link) or a beacon. */
  role: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ClientLogEntry = z.infer<typeof clientLogEntrySchema>;
export const clientLogListSchema = z.object({ dataList: z.array(clientLogEntrySchema), count: z.int() });
export type ClientLogList = z.infer<typeof clientLogListSchema>;
