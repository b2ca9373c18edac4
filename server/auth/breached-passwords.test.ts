import { describe, expect, it } from 'vitest';
import { failedPasswordRules } from '#common/validation/password';
import { isCommonPassword } from './breached-passwords';

describe('isCommonPassword', () => {
  it.each(['Welcome#2468', 'P@ssw0rd-2468', 'Summer2024!', '#Qwerty!2468', 'Passwordpassword1!'])(
    'refuses %s, a common password dressed up to pass the rules',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it('catches dressed-up common passwords that the shared rules alone would accept', () => {
    for (const password of ['Welcome#2468', 'P@ssw0rd-2468', '#Qwerty!2468', 'Iloveyou#2468']) {
      expect(failedPasswordRules(password)).toEqual([]);
      expect(isCommonPassword(password)).toBe(true);
    }
  });

  it.each(['Demo-Passw0rd!', 'Fresh-Start#2468', 'Tr0ub4dor&Zebra', 'correct-Horse-battery-9'])(
    'accepts %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
