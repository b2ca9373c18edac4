import { createPatientLinkRouter } from './patient-router';
import { startClient } from './start-client';

/**
 * Issue 32: the start of the patient's link page (patient-main.tsx): the patient's pages only, so a phone downloads,
 * evaluates and styles what they show and nothing of the staff's pages. A patient has no cached lists to restore.
 */
export function startPatientApp(rootElement: HTMLElement): Promise<void> {
  return startClient(rootElement, { createRouter: createPatientLinkRouter });
}
