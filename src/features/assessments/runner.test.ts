import { describe, expect, it } from 'vitest';
import {
  buildRunnerUrl,
  readRunnerReturn,
  rememberWorkflowInstance,
  runnerRedirectDelayMs,
  takeWorkflowInstance,
} from './runner';
import { canStartAgain, errorPageOf } from './test-errors';
import { addressParts } from '../../shared/testing/addresses';

const begin = { authTokenToUseForTest: 'test-token', workflowInstanceId: 'wf-1' };

/** The runner URL for test wf-1 of product cgm, opened from https://clinic.test. */
function runnerUrl(options: Omit<Parameters<typeof buildRunnerUrl>[0], 'begin' | 'product' | 'origin'>): URL {
  return new URL(buildRunnerUrl({ begin, product: 'cgm', origin: 'https://clinic.test', ...options }));
}

/** The runner and the API served from the client's own origin, returning to a patient's self-assessment page. */
const runnerBesideTheClient = {
  runnerUrl: '/runner/',
  apiHost: '',
  returnUrl: '/cgm/patient/selfassessment/4/assessment/9',
};

describe('buildRunnerUrl (spec §7 runner URL parameters)', () => {
  it('sends every parameter of spec §7, returning to the begin page', () => {
    const url = runnerUrl({ ...runnerBesideTheClient, language: 'es-US' });
    const back = 'https://clinic.test/cgm/patient/selfassessment/4/assessment/9';
    expect(addressParts(url)).toEqual({
      page: 'https://clinic.test/runner/',
      params: {
        endPoint: 'https://clinic.test/api/cgm',
        authToken: 'test-token',
        workflowInstanceId: 'wf-1',
        localityCode: 'es-US',
        vertical: 'cgm',
        cbbVersion: '8.1.3',
        'redirect[0]': `${back}?completed=true`,
        'redirect[997]': `${back}?left=997`,
        'redirect[998]': `${back}?left=998`,
        'redirect[999]': `${back}?error=true&errorCode=workflowerror`,
        redirecterror: `${back}?error=true`,
      },
    });
    expect(runnerRedirectDelayMs).toBe(2000);
  });

  it('points the runner at a separate API host and runner when the configuration names them', () => {
    const url = runnerUrl({
      runnerUrl: 'https://runner.test/run',
      apiHost: 'https://api.test/',
      language: 'en-US',
      returnUrl: '/cgm/manage/patientassessment/1/assessment/2',
    });
    expect(url.origin).toBe('https://runner.test');
    expect(url.searchParams.get('endPoint')).toBe('https://api.test/api/cgm');
    expect(url.searchParams.get('redirect[0]')).toBe(
      'https://clinic.test/cgm/manage/patientassessment/1/assessment/2?completed=true',
    );
  });
});

describe('readRunnerReturn (spec §4)', () => {
  it('reads completed=true, error=true with its code, and nothing', () => {
    expect(readRunnerReturn('?completed=true')).toEqual({ kind: 'completed' });
    expect(readRunnerReturn('?error=true&errorCode=agefailure')).toEqual({ kind: 'error', errorCode: 'agefailure' });
    expect(readRunnerReturn('')).toBeNull();
    expect(readRunnerReturn('?completed=false')).toBeNull();
  });

  it('reads a return through redirect[997] (left the test) or redirect[998] (its session expired), issue 32', () => {
    expect(readRunnerReturn('?left=997')).toEqual({ kind: 'left' });
    expect(readRunnerReturn('?left=998')).toEqual({ kind: 'expired' });
    // Anything else under the mark is no return at all; an outcome wins over the mark.
    expect(readRunnerReturn('?left=999')).toBeNull();
    expect(readRunnerReturn('?left=997&completed=true')).toEqual({ kind: 'completed' });
  });

  it('turns a missing or odd code into one that lands on the unknown-error page', () => {
    expect(readRunnerReturn('?error=true')).toEqual({ kind: 'error', errorCode: 'unknown' });
    expect(readRunnerReturn('?error=true&errorCode=%3Cscript%3E')).toEqual({ kind: 'error', errorCode: 'unknown' });
  });
});

describe('the workflow instance kept while the runner runs', () => {
  it('is kept per order and taken only once', () => {
    rememberWorkflowInstance(window.sessionStorage, 9, 'wf-9');
    expect(takeWorkflowInstance(window.sessionStorage, 8)).toBeNull();
    expect(takeWorkflowInstance(window.sessionStorage, 9)).toBe('wf-9');
    expect(takeWorkflowInstance(window.sessionStorage, 9)).toBeNull();
  });
});

describe('errorPageOf (spec §4 Patient self-assessment)', () => {
  it('has a page for five codes and the unknown-error page for any other, cbbversionfailure included', () => {
    for (const code of ['agefailure', 'cbbbrowsercheckfailure', 'orderalreadycompleted', 'templock', 'workflowerror']) {
      expect(errorPageOf(code)).toBe(code);
    }
    expect(errorPageOf('cbbversionfailure')).toBe('unknown');
    expect(errorPageOf(undefined)).toBe('unknown');
    expect(canStartAgain('workflowerror')).toBe(true);
    expect(canStartAgain('agefailure')).toBe(false);
  });
});
