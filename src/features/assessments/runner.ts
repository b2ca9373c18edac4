import type { BeginTestResult } from '#common/contract';

/** Spec §9: the browser goes to the workflow runner this long after the test was begun. */
export const runnerRedirectDelayMs = 2000;
/** Spec §7/§9: the runner parameters this client always sends. */
export const runnerVertical = 'cgm';
export const cbbVersion = '8.1.3';

export interface RunnerUrlInput {
  /** workflowInstanceId and authTokenToUseForTest of the begin call. */
  begin: BeginTestResult;
  /** The runtime configuration's workflowRunnerUrl (may be relative to this site). */
  runnerUrl: string;
  /** The runtime configuration's apiHost ('' means this site). */
  apiHost: string;
  product: string;
  /** The test language (a locality id). */
  language: string;
  /** The begin page, absolute: the runner returns to it (spec §4 "returns to the same page"). */
  returnUrl: string;
  origin: string;
}

function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.href;
}

/**
 * Spec §7 runner URL parameters. The runner comes back to the begin page with completed=true (redirect[0]) or with
 * error=true plus the errorCode it appends (redirecterror). redirect[997] is "the person left the test" and
 * redirect[998] "the runner's session expired": both return to the begin page, marked (left=997 or left=998) so
 * that it can say what happened (issue 32); redirect[999] is "the runner could not start" and returns as a
 * workflowerror.
 */
export function buildRunnerUrl(input: RunnerUrlInput): string {
  const back = new URL(input.returnUrl, input.origin).href;
  const params: Record<string, string> = {
    endPoint: new URL(`${input.apiHost.replace(/\/+$/, '')}/api/${input.product}`, input.origin).href,
    authToken: input.begin.authTokenToUseForTest,
    workflowInstanceId: input.begin.workflowInstanceId,
    localityCode: input.language,
    vertical: runnerVertical,
    cbbVersion,
    'redirect[0]': withQuery(back, { completed: 'true' }),
    'redirect[997]': withQuery(back, { [leftParam]: leftCodes.left }),
    'redirect[998]': withQuery(back, { [leftParam]: leftCodes.expired }),
    'redirect[999]': withQuery(back, { error: 'true', errorCode: 'workflowerror' }),
    redirecterror: withQuery(back, { error: 'true' }),
  };
  return withQuery(new URL(input.runnerUrl, input.origin).href, params);
}

/** The mark of a return through redirect[997] or redirect[998] (issue 32). */
const leftParam = 'left';
const leftCodes = { left: '997', expired: '998' } as const;

/** How the runner came back with an outcome to record: completed, or an error code. */
export type RunnerReturn = { kind: 'completed' } | { kind: 'error'; errorCode: string } | null;
/**
 * Issue 32: the runner came back without an outcome: the person left the test (redirect[997]) or the runner's
 * session expired (redirect[998]). Nothing is recorded; the begin page says what happened.
 */
export type RunnerLeft = { kind: 'left' } | { kind: 'expired' };

/** Spec §4: how the runner came back to the begin page, read from its query. */
export function readRunnerReturn(search: string): RunnerReturn | RunnerLeft {
  const params = new URLSearchParams(search);
  if (params.get('completed') === 'true') return { kind: 'completed' };
  const left = params.get(leftParam);
  if (left === leftCodes.left) return { kind: 'left' };
  if (left === leftCodes.expired) return { kind: 'expired' };
  if (params.get('error') === 'true') {
    const code = (params.get('errorCode') ?? '').trim();
    // A code the runner did not send still ends on the unknown-error page, as a plain word only.
    return { kind: 'error', errorCode: /^[A-Za-z0-9_-]{1,64}$/.test(code) ? code : 'unknown' };
  }
  return null;
}

/**
 * The workflow instance a begin started, kept in this tab while the runner runs, so the callback names the
 * attempt it is about (sessionStorage: the same tab only, gone when it closes).
 */
export function rememberWorkflowInstance(storage: Pick<Storage, 'setItem'>, assessmentId: number, id: string): void {
  storage.setItem(`workflowinstance.${String(assessmentId)}`, id);
}

export function takeWorkflowInstance(
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
  assessmentId: number,
): string | null {
  const key = `workflowinstance.${String(assessmentId)}`;
  const id = storage.getItem(key);
  storage.removeItem(key);
  return id;
}
