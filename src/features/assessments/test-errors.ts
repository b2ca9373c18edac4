/**
 * Spec §4 Patient self-assessment: the error page switches on these codes; any other code (cbbversionfailure
 * included) shows the unknown-error page. The patient-login error route (spec §2) adds unknownerror.
 */
export const errorPages = [
  'agefailure',
  'cbbbrowsercheckfailure',
  'orderalreadycompleted',
  'templock',
  'workflowerror',
  // Issue 18: the patient's link no longer works; the page tells them to contact their clinic.
  'linkexpired',
  'ordercancelled',
  // Issue 35 F14: locked until the clinic sends the link again; the page says to ask for a new one.
  'linklocked',
] as const;
export type ErrorPage = (typeof errorPages)[number] | 'unknown';

export function errorPageOf(code: string | undefined): ErrorPage {
  return (errorPages as readonly string[]).includes(code ?? '') ? (code as ErrorPage) : 'unknown';
}

/** A workflowerror (results not captured) is worth another go: the order is still open (spec §8). */
export function canStartAgain(page: ErrorPage): boolean {
  return page === 'workflowerror';
}
