import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { confirmationMatches, refineConfirmation } from './confirm';
import { maxTextLength } from './messages';
import { findControlCharacter, matchesPattern, optionalText, requiredText, textArea } from './text';

describe('requiredText and optionalText (spec §5)', () => {
  it('requires something other than spaces and allows 255 characters', () => {
    const schema = requiredText();
    expect(schema.safeParse('   ').error?.issues[0]?.message).toBe('VALID_FIELD_IS_REQUIRED');
    expect(schema.parse('  Rosa ')).toBe('Rosa');
    expect(schema.safeParse('x'.repeat(maxTextLength)).success).toBe(true);
    expect(schema.safeParse('x'.repeat(maxTextLength + 1)).error?.issues[0]?.message).toBe('VALID_FIELD_TOO_LONG');
  });

  it('refuses NUL and other control characters on one line, naming the reason (issue 15)', () => {
    for (const text of ['a\u0000b', 'Rosa\tAlvarez', 'Rosa\nAlvarez', 'x\u001bx', 'del\u007f']) {
      expect(requiredText().safeParse(text).error?.issues[0]?.message, JSON.stringify(text)).toBe(
        'VALID_FIELD_CONTROL_CHARACTERS',
      );
      expect(optionalText().safeParse(text).error?.issues[0]?.message, JSON.stringify(text)).toBe(
        'VALID_FIELD_CONTROL_CHARACTERS',
      );
    }
    expect(requiredText().parse('José Ñúñez-O’Brien')).toBe('José Ñúñez-O’Brien');
  });

  it('lets multi-line text keep tabs and line breaks but nothing else', () => {
    expect(findControlCharacter('line one\r\n\tline two', { multiLine: true })).toBeNull();
    expect(findControlCharacter('line one\nline two', { multiLine: false })).toBe(8);
    expect(findControlCharacter('ab\u0000', { multiLine: true })).toBe(2);
  });

  it('lets an optional field be empty but not too long', () => {
    expect(optionalText().parse('')).toBe('');
    expect(optionalText(1).safeParse('AB').error?.issues[0]?.message).toBe('VALID_FIELD_TOO_LONG');
  });

  it('accepts any trimmed text up to the limit', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: maxTextLength }), (text) => {
        fc.pre(text.trim() !== '');
        expect(requiredText().parse(text)).toBe(text.trim());
      }),
    );
  });
});

describe('matchesPattern (the custom regex validator)', () => {
  it('matches the whole value, with optional ignore-case', () => {
    expect(matchesPattern(/[A-Z]{2}-\d+/, 'IL-123')).toBe(true);
    expect(matchesPattern(/[A-Z]{2}-\d+/, 'il-123')).toBe(false);
    expect(matchesPattern(/[A-Z]{2}-\d+/, 'il-123', { ignoreCase: true })).toBe(true);
    expect(matchesPattern(/[A-Z]{2}-\d+/, 'xIL-123')).toBe(false);
    expect(matchesPattern(/[A-Z]{2}-\d+/, '')).toBe(true);
  });
});

describe('confirmation fields', () => {
  it('match when equal after trimming, and flag the confirmation otherwise', () => {
    expect(confirmationMatches('a@b.co', ' a@b.co ')).toBe(true);
    expect(confirmationMatches('a@b.co', 'A@b.co')).toBe(false);
    const schema = z
      .object({ email: z.string(), confirmEmail: z.string() })
      .check(z.superRefine(refineConfirmation('email', 'confirmEmail', 'VALID_EMAIL_SHOULD_MATCH')));
    expect(schema.safeParse({ email: 'a@b.co', confirmEmail: 'a@b.co' }).success).toBe(true);
    const issue = schema.safeParse({ email: 'a@b.co', confirmEmail: 'b@b.co' }).error?.issues[0];
    expect(issue).toMatchObject({ path: ['confirmEmail'], message: 'VALID_EMAIL_SHOULD_MATCH' });
  });

  it('holds for any pair: equal strings match, different trimmed strings do not', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(confirmationMatches(a, a)).toBe(true);
        expect(confirmationMatches(a, b)).toBe(a.trim() === b.trim());
      }),
    );
  });
});

describe('textArea (spec §9)', () => {
  it('holds 2048 characters over several lines, and requires something other than spaces when asked', () => {
    const required = textArea({ required: true });
    expect(required.safeParse(' \n ').error?.issues[0]?.message).toBe('VALID_FIELD_IS_REQUIRED');
    expect(required.parse(' Moved away.\r\n\tNew clinic. ')).toBe('Moved away.\r\n\tNew clinic.');
    expect(required.safeParse('x'.repeat(2048)).success).toBe(true);
    expect(required.safeParse('x'.repeat(2049)).error?.issues[0]?.message).toBe('VALID_FIELD_TOO_LONG');
    expect(required.safeParse('a\u0000b').error?.issues[0]?.message).toBe('VALID_FIELD_CONTROL_CHARACTERS');
    expect(textArea({ required: false }).parse('   ')).toBe('');
  });
});
