import type { OperationOutcome } from '@medplum/fhirtypes';
import { HttpError } from '../http/errors';

/** The FHIR issue types the API answers with (a subset of R4's IssueType). */
export type FhirIssueCode =
  'invalid' | 'not-supported' | 'not-found' | 'login' | 'forbidden' | 'processing' | 'exception';

/** An answer the FHIR API means to give: its status and an OperationOutcome saying why. */
export class FhirError extends Error {
  constructor(
    readonly statusCode: number,
    readonly issueCode: FhirIssueCode,
    message: string,
  ) {
    super(message);
    this.name = 'FhirError';
  }
}

export const fhirInvalid = (message: string): FhirError => new FhirError(400, 'invalid', message);
export const fhirNotSupported = (message: string): FhirError => new FhirError(400, 'not-supported', message);
/** Unknown and out of scope alike, as today's API answers an out-of-scope id. */
export const fhirNotFound = (message = 'Resource not found'): FhirError => new FhirError(404, 'not-found', message);

export function operationOutcome(issueCode: FhirIssueCode, message: string): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: issueCode === 'exception' ? 'fatal' : 'error', code: issueCode, diagnostics: message }],
  };
}

const issueOfStatus = (status: number): FhirIssueCode => {
  if (status === 401) return 'login';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 405) return 'not-supported';
  if (status >= 500) return 'exception';
  return 'invalid';
};

/**
 * Any error reaching the FHIR routes as a status and an OperationOutcome: ours as meant, the API's own (401 and
 * 403 from the sign-in checks) with their status, Fastify's client errors (a bad URL, a body too large) as 4xx,
 * and anything else as 500 without a word of its cause.
 */
export function outcomeOf(error: unknown): { status: number; outcome: OperationOutcome } {
  if (error instanceof FhirError) {
    return { status: error.statusCode, outcome: operationOutcome(error.issueCode, error.message) };
  }
  if (error instanceof HttpError) {
    return { status: error.statusCode, outcome: operationOutcome(issueOfStatus(error.statusCode), error.message) };
  }
  const status =
    typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number'
      ? error.statusCode
      : 500;
  if (status >= 400 && status < 500) {
    return { status, outcome: operationOutcome(issueOfStatus(status), 'The request is not valid') };
  }
  return { status: 500, outcome: operationOutcome('exception', 'The server could not answer') };
}
