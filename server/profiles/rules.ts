import type { Rules } from '#common/contract';
import { defaultMinDate, editMinBirthDate, todayIso, type DateBounds } from '#common/validation/dates';

/**
 * Spec §3 Rules: a new patient is born between 1 Jan 1900 and today. The server's day decides; a client a time zone
 * away may see the bound move a few hours earlier or later, which the server check settles.
 */
export function currentRules(now: Date = new Date()): Rules {
  return { patientMinBirthday: defaultMinDate, patientMaxBirthday: todayIso(now) };
}

/** Spec §5: add uses the rules' bounds; edit goes back to 31 Dec 1492 (records migrated from older systems). */
export function birthDateBounds(mode: 'add' | 'edit', now: Date = new Date()): DateBounds {
  const rules = currentRules(now);
  return { min: mode === 'add' ? rules.patientMinBirthday : editMinBirthDate, max: rules.patientMaxBirthday };
}
