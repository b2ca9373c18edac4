import type { PatientLinkState, PatientLoginResult } from '#common/contract';

/** Issue 18: the page a patient whose link no longer works is sent to; issue 32: a finished one's too, at once. */
export const linkEndedPage = {
  expired: 'linkexpired',
  cancelled: 'ordercancelled',
  finished: 'orderalreadycompleted',
  // Issue 35 F14: not "temporarily": the clinic has to send a new link.
  locked: 'linklocked',
} as const satisfies Record<Exclude<PatientLinkState, 'open'> | NonNullable<PatientLoginResult['linkEnded']>, string>;
