import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestUser } from '../../testing/test-app';
import { useTestDb } from '../../testing/test-db';

/**
 * Issue 35 F11: after an email is handed over (written to the outbox) no usable token is stored, except in demo
 * mode, whose outbox page is how a demo reads its links.
 */
const testDb = useTestDb((db) => createTestUser(db, { email: 'outbox.reset@example.test', providerServiceIds: [] }));

interface StoredEmail {
  link: string | null;
  body: string;
}

/** Asks for a reset link through an app on the shared database, started with or without demo mode. */
async function resetLinkEmailed(demo: boolean): Promise<StoredEmail> {
  const app = buildApp({ db: testDb.db, demo, publicUrl: 'https://clinic.example.test' });
  try {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/profiles/forgotpassword',
      payload: { userEmail: 'outbox.reset@example.test' },
    });
    expect(answer.statusCode).toBe(200);
    const [row] = await testDb.db.query<StoredEmail>('SELECT link, body FROM outbox ORDER BY id DESC LIMIT 1');
    if (!row) throw new Error('no email in the outbox');
    return row;
  } finally {
    await app.close();
  }
}

const storedEmails = (): Promise<StoredEmail[]> =>
  testDb.db.query<StoredEmail>('SELECT link, body FROM outbox ORDER BY id');

/** A token in an emailed link: `token=` followed by anything but the word put in its place. */
const usableToken = /token=(?!removed\b)[^&\s]+/;

describe('the outbox after an email is handed over (issue 35 F11)', () => {
  it('keeps the whole link in demo mode, where the outbox page shows it', async () => {
    const email = await resetLinkEmailed(true);
    expect(email.link).toMatch(/^https:\/\/clinic\.example\.test\/cgm\/setupaccountresetmypassword\?token=/);
    expect(email.link).toMatch(usableToken);
    expect(email.body).toContain(email.link);
  });

  it('stores the link and the body with the token removed outside demo mode, and removes the tokens a demo kept', async () => {
    const email = await resetLinkEmailed(false);
    expect(email.link).toBe('https://clinic.example.test/cgm/setupaccountresetmypassword?token=removed');
    expect(email.body).toContain(email.link);
    expect(email.body).not.toMatch(usableToken);

    // The link the demo kept in the first test lost its token when the server started without demo mode.
    const emails = await storedEmails();
    expect(emails.length).toBeGreaterThanOrEqual(2);
    for (const stored of emails) {
      expect(stored.link ?? '').not.toMatch(usableToken);
      expect(stored.body).not.toMatch(usableToken);
    }
  });
});
