import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPasswordRules,
  equalsUserName,
  failedPasswordRules,
  hasAscendingRun,
  hasRepeatedRun,
  maxPasswordLength,
  minPasswordLength,
  passwordFieldIssues,
  passwordFormSchema,
  passwordMessages,
  passwordModes,
  passwordRules,
  requiresCurrentPassword,
  type PasswordRule,
} from './password';
import { decimalDigits, lowerCaseLetters, stringFrom, upperCaseLetters } from '../testing/arbitraries';

const specials = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const anyText = fc.string({ unit: 'grapheme', maxLength: 80 });

/** Independent, obviously-correct restatements of the rules the validator must match. */
function naiveAscending(password: string): boolean {
  const points = Array.from(password).map((ch) => {
    const folded = ch.toLowerCase();
    return (Array.from(folded).length === 1 ? folded : ch).codePointAt(0) ?? 0;
  });
  return points.some((point, i) => i >= 2 && points[i - 1] === point - 1 && points[i - 2] === point - 2);
}
function naiveRepeated(password: string): boolean {
  const list = Array.from(password);
  return list.some((ch, i) => i >= 2 && list[i - 1] === ch && list[i - 2] === ch);
}

/**
 * A password that keeps every rule: built from blocks of one character of each class, shuffled, with runs broken
 * afterwards (the generator drops any candidate that still has a run, so what is left keeps every rule).
 */
const goodPassword = fc
  .tuple(
    stringFrom(lowerCaseLetters, 3, 16),
    stringFrom(upperCaseLetters, 3, 16),
    stringFrom(decimalDigits, 2, 12),
    stringFrom(specials, 2, 12),
    fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
  )
  .map(([a, b, c, d, order]) => {
    const all = Array.from(a + b + c + d);
    const keyed = all.map((ch, i) => ({ ch, key: order[i % order.length] ?? i }));
    keyed.sort((x, y) => x.key - y.key);
    return keyed
      .map((item) => item.ch)
      .join('')
      .slice(0, maxPasswordLength);
  })
  .filter((pw) => {
    const r = checkPasswordRules(pw);
    return r.length && r.lowercase && r.uppercase && r.digit && r.special && r.noAscendingRun && r.noRepeatedRun;
  });

describe('password rules', () => {
  it.each<[string, PasswordRule[]]>([
    ['Demo-Passw0rd!', []],
    ['Tr0ub4dor&Zebra', []],
    ['short-A1!', ['length']],
    ['NOLOWERCASE-42!', ['lowercase']],
    ['nouppercase-42!', ['uppercase']],
    ['No-Digits-Here!', ['digit']],
    ['NoSpecials42Here', ['special']],
    ['Has-abc-Run-42!', ['noAscendingRun']],
    ['Has-XyZ-Run-42!', ['noAscendingRun']],
    ['Has-789-Run-xY!', ['noAscendingRun']],
    ['Has-aaa-Run-42!', ['noRepeatedRun']],
    ['Has-!!!-Run-42a', ['noRepeatedRun']],
  ])('finds that the known password %j fails %j', (password, failing) => {
    expect(failedPasswordRules(password)).toEqual(failing);
  });

  it('finds that a known password equal to the user name, in another case, fails only that rule', () => {
    expect(failedPasswordRules('Ana.Lopez-42@clinic.example', 'ana.lopez-42@clinic.example')).toEqual(['notUserName']);
  });

  it('has the length limits of spec §9: 12 to 64 characters', () => {
    expect(minPasswordLength).toBe(12);
    expect(maxPasswordLength).toBe(64);
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (text) => {
        expect(checkPasswordRules(text).length).toBe(text.length >= 12 && text.length <= 64);
      }),
    );
  });

  it('needs a lower-case letter, an upper-case letter, a digit and a special character', () => {
    fc.assert(
      fc.property(
        goodPassword,
        fc.constantFrom<'lowercase' | 'uppercase' | 'digit' | 'special'>('lowercase', 'uppercase', 'digit', 'special'),
        (password, rule) => {
          const removed = { lowercase: /[a-z]/g, uppercase: /[A-Z]/g, digit: /[0-9]/g, special: /[^A-Za-z0-9]/g }[rule];
          const without = password.replace(removed, '');
          expect(checkPasswordRules(without)[rule]).toBe(false);
        },
      ),
    );
    fc.assert(
      fc.property(anyText, (text) => {
        const result = checkPasswordRules(text);
        expect(result.lowercase).toBe(/\p{Ll}/u.test(text));
        expect(result.uppercase).toBe(/\p{Lu}/u.test(text));
        expect(result.digit).toBe(/\p{Nd}/u.test(text));
        expect(result.special).toBe(/[^\p{L}\p{N}\s]/u.test(text));
      }),
    );
  });

  it('refuses three ascending characters, whatever their case, and only those', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(hasAscendingRun(text)).toBe(naiveAscending(text));
      }),
    );
    fc.assert(
      fc.property(
        goodPassword,
        fc.nat(),
        fc.constantFrom(lowerCaseLetters, upperCaseLetters, decimalDigits),
        fc.boolean(),
        (pw, at, set, mix) => {
          const start = at % (set.length - 2);
          let run = set.slice(start, start + 3);
          if (mix) run = run.slice(0, 1).toUpperCase() + run.slice(1, 2).toLowerCase() + run.slice(2).toUpperCase();
          const position = at % (pw.length + 1);
          expect(hasAscendingRun(pw.slice(0, position) + run + pw.slice(position))).toBe(true);
        },
      ),
    );
    // Descending and two-character runs are fine.
    expect(hasAscendingRun('cba-zyx-987')).toBe(false);
    expect(hasAscendingRun('ab-xy-12')).toBe(false);
  });

  it('refuses the same character three times in a row, and only that', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(hasRepeatedRun(text)).toBe(naiveRepeated(text));
      }),
    );
    fc.assert(
      fc.property(goodPassword, fc.nat(), fc.string({ minLength: 1, maxLength: 1 }), (pw, at, ch) => {
        const position = at % (pw.length + 1);
        expect(hasRepeatedRun(pw.slice(0, position) + ch.repeat(3) + pw.slice(position))).toBe(true);
      }),
    );
    expect(hasRepeatedRun('aAa-bBb')).toBe(false);
  });

  it('refuses the user name in any case, with spaces around it', () => {
    fc.assert(
      fc.property(goodPassword, fc.boolean(), (pw, shout) => {
        const userName = pw.toLowerCase();
        const typed = shout ? ` ${pw.toUpperCase()} ` : pw;
        expect(equalsUserName(typed, userName)).toBe(true);
        expect(checkPasswordRules(typed, userName).notUserName).toBe(false);
        expect(checkPasswordRules(pw, `${userName}x`).notUserName).toBe(true);
      }),
    );
    // No user name known: the rule cannot fail.
    expect(checkPasswordRules('anything', null).notUserName).toBe(true);
    expect(checkPasswordRules('anything', '').notUserName).toBe(true);
  });

  it('accepts every password that keeps all rules', () => {
    fc.assert(
      fc.property(goodPassword, (pw) => {
        expect(failedPasswordRules(pw, 'someone@clinic.example')).toEqual([]);
      }),
    );
  });

  it('lists exactly the rules that fail, in checklist order', () => {
    fc.assert(
      fc.property(anyText, fc.option(fc.emailAddress(), { nil: null }), (text, userName) => {
        const results = checkPasswordRules(text, userName);
        expect(failedPasswordRules(text, userName)).toEqual(passwordRules.filter((rule) => !results[rule]));
      }),
    );
  });
});

describe('passwordFieldIssues', () => {
  it('asks for the current password only in Expired and normal modes', () => {
    expect(passwordModes.filter(requiresCurrentPassword)).toEqual(['Expired', 'normal']);
    const fields = { newPassword: 'Demo-Passw0rd!', confirmPassword: 'Demo-Passw0rd!', currentPassword: '' };
    expect(passwordFieldIssues(fields, { mode: 'FirstTimeSetup' })).toEqual([]);
    expect(passwordFieldIssues(fields, { mode: 'ResetPassword' })).toEqual([]);
    expect(passwordFieldIssues(fields, { mode: 'Expired' })).toEqual([
      { path: 'currentPassword', message: passwordMessages.currentRequired },
    ]);
  });

  it('wants the confirmation to equal the new password exactly (no trimming)', () => {
    fc.assert(
      fc.property(goodPassword, fc.string({ maxLength: 70 }), (pw, other) => {
        const same = passwordFieldIssues({ newPassword: pw, confirmPassword: pw }, { mode: 'ResetPassword' });
        expect(same).toEqual([]);
        const issues = passwordFieldIssues({ newPassword: pw, confirmPassword: other }, { mode: 'ResetPassword' });
        const expected = other === '' ? passwordMessages.confirmRequired : passwordMessages.mismatch;
        expect(issues).toEqual(other === pw ? [] : [{ path: 'confirmPassword', message: expected }]);
      }),
    );
    expect(
      passwordFieldIssues({ newPassword: 'Demo-Passw0rd!', confirmPassword: 'Demo-Passw0rd! ' }, { mode: 'normal' }),
    ).toContainEqual({ path: 'confirmPassword', message: passwordMessages.mismatch });
  });

  it('refuses a new password equal to the current one when the current one is asked for', () => {
    const fields = {
      newPassword: 'Demo-Passw0rd!',
      confirmPassword: 'Demo-Passw0rd!',
      currentPassword: 'Demo-Passw0rd!',
    };
    expect(passwordFieldIssues(fields, { mode: 'normal' })).toEqual([
      { path: 'newPassword', message: passwordMessages.sameAsCurrent },
    ]);
  });

  it('says "required" rather than every rule for an empty new password', () => {
    expect(passwordFieldIssues({ newPassword: '', confirmPassword: '' }, { mode: 'FirstTimeSetup' })).toEqual([
      { path: 'newPassword', message: passwordMessages.newRequired },
      { path: 'confirmPassword', message: passwordMessages.confirmRequired },
    ]);
  });

  it('gives the form schema exactly the issues of the shared validator', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...passwordModes),
        fc.record({ currentPassword: fc.string({ maxLength: 70 }), newPassword: anyText, confirmPassword: anyText }),
        fc.option(fc.emailAddress(), { nil: null }),
        (mode, form, userName) => {
          const result = passwordFormSchema({ mode, userName }).safeParse(form);
          const issues = result.success
            ? []
            : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
          expect(issues).toEqual(passwordFieldIssues(form, { mode, userName }));
          expect(result.success).toBe(issues.length === 0);
        },
      ),
    );
  });
});
