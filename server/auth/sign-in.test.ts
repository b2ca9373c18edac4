import { describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { createTestUser } from '../testing/test-app';
import { useTestDb } from '../testing/test-db';
import { checkStaffPassword, maxFailedLogins } from './sign-in';

const testDb = useTestDb();

/**
 * The database as several server processes on one PostgreSQL see it: every write to the lock tables lands a while
 * after it was sent, so requests running together all read the state from before any of their writes.
 */
function withSlowLockWrites(inner: Db): Db {
  return {
    ...inner,
    query: async <T>(sql: string, params?: readonly unknown[]) => {
      if (/^\s*(INSERT INTO unknown_sign_in_failures|UPDATE users)/.test(sql)) {
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      return inner.query<T>(sql, params);
    },
  };
}

/** Eight wrong guesses sent together, then the lock they caused ends: how many guesses until the next lock? */
async function guessesAfterTheLock(userName: string, endLock: () => Promise<unknown>): Promise<number> {
  const slow = withSlowLockWrites(testDb.db);
  const together = await Promise.all(
    Array.from({ length: 8 }, (_, index) =>
      checkStaffPassword(slow, userName, `Wrong-Guess#${String(index)}`, new Date()),
    ),
  );
  // The fifth locks, and the three the lock stops are told so as well.
  expect(together.filter((check) => check.kind === 'refused' && check.locked)).toHaveLength(4);
  await endLock();
  for (let guess = 1; guess <= maxFailedLogins; guess += 1) {
    const check = await checkStaffPassword(testDb.db, userName, 'Wrong-Guess#again', new Date());
    if (check.kind === 'refused' && check.locked) return guess;
  }
  return Number.POSITIVE_INFINITY;
}

describe('staff password checks sent together (issue 35 F2, F3)', () => {
  it('counts guesses at an address without an account in one claim each, exactly like those at a real account', async () => {
    const real = 'real.account@example.test';
    await createTestUser(testDb.db, { email: real, providerServiceIds: [] });
    const afterRealLock = await guessesAfterTheLock(real, () =>
      testDb.db.query(`UPDATE users SET locked_until = now() - interval '1 minute' WHERE email = $1`, [real]),
    );
    // Guesses the lock refused were not counted: after it, the usual five.
    expect(afterRealLock).toBe(maxFailedLogins);
    const afterUnknownLock = await guessesAfterTheLock('no.account@example.test', () =>
      testDb.db.query(`UPDATE unknown_sign_in_failures SET locked_until = now() - interval '1 minute'`),
    );
    expect(afterUnknownLock).toBe(afterRealLock);
  });
});
