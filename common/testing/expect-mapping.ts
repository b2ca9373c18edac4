import { expect } from 'vitest';

/**
 * Asserts what a one-argument rule makes of each input, written as a table of input → expected answer, so a test of
 * a mapping reads as the mapping itself; a failure names the input it failed on.
 */
export function expectMapping<O>(rule: (input: string) => O, cases: Readonly<Record<string, O>>): void {
  for (const [input, expected] of Object.entries(cases)) {
    expect(rule(input), `for ${JSON.stringify(input)}`).toBe(expected);
  }
}
