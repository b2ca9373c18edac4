import fc from 'fast-check';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { describe, expect, it } from 'vitest';
import { paragraphsOf } from './pdf-document';
import { isScrolledToBottom, privacyScrollTolerancePx } from './scroll';

const item = (str: string, y: number, hasEOL = false, height = 11): TextItem => ({
  str,
  dir: 'ltr',
  transform: [11, 0, 0, 11, 72, y],
  width: str.length * 5,
  height,
  fontName: 'g_d0_f1',
  hasEOL,
});

describe('paragraphsOf', () => {
  it('joins runs on one baseline into a line, lines close together into a paragraph, and splits at larger gaps', () => {
    const items = [
      item('Privacy policy ', 700),
      item('for technicians', 700, true),
      item('What we collect', 660, true),
      item('Your name, email address', 630),
      item(' and phone;', 630, true),
      item('the date you sign in.', 615, true),
      item('Who is responsible', 580, true),
    ];
    expect(paragraphsOf(items)).toEqual([
      'Privacy policy for technicians',
      'What we collect',
      'Your name, email address and phone; the date you sign in.',
      'Who is responsible',
    ]);
  });

  it('keeps every word of the page, in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.stringMatching(/^[A-Za-z]{1,8}$/), fc.integer({ min: 0, max: 3 })), { maxLength: 30 }),
        (words) => {
          let y = 700;
          const items = words.map(([word, gap]) => {
            y -= gap === 0 ? 0 : gap * 10;
            return item(`${word} `, y);
          });
          expect(paragraphsOf(items).join(' ').split(' ')).toEqual(words.length ? words.map(([w]) => w) : ['']);
        },
      ),
    );
  });
});

describe('isScrolledToBottom (spec §9: 5 px)', () => {
  it('is true exactly when at most 5 px are left below the view', () => {
    expect(privacyScrollTolerancePx).toBe(5);
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(2000), fc.nat(6000), (clientHeight, extra, scrollTop) => {
        const scrollHeight = clientHeight + extra;
        const top = Math.min(scrollTop, extra);
        expect(isScrolledToBottom({ scrollTop: top, scrollHeight, clientHeight })).toBe(extra - top <= 5);
      }),
    );
  });
});
