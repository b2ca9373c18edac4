import { demoAccounts, demoPassword } from './seed/seed';

/**
 * What a newcomer needs once `npm start` says the server is ready with demo mode on: whom to sign in as, and where the
 * emails (order links, setup links) can be read, since none is sent. The passwords are the README's published ones.
 */
export function demoStartNotes(origin: string): string[] {
  return [
    `Demo accounts (password ${demoPassword}): ${demoAccounts.clinician} (clinician), ${demoAccounts.technician} ` +
      `(technician), ${demoAccounts.admin} (provider-service administrator)`,
    `Emails are not sent in demo mode: read them at ${origin}/dev/outbox (sign in there as ${demoAccounts.admin})`,
  ];
}
