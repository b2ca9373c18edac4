/**
 * The client only sends fixed sentences and error names, but an error's message can quote what it failed on.
 * Whatever looks like a person's data is masked before it is stored (DESIGN §3: no PHI in logs).
 */
const patterns: readonly [RegExp, string][] = [
  // Query strings carry link tokens (?token=…) and search terms (names).
  [/\?[^\s#]*/g, '?[query]'],
  [/[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[a-z]{2,}/gi, '[email]'],
  // ISO dates and the spec's MM/DD/YYYY: dates of birth.
  [/\b\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?\b/g, '[date]'],
  [/\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/g, '[date]'],
  // Tokens: long runs of letters and digits or base64url with at least one digit.
  [/\b(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}\b/g, '[token]'],
];

export function redactClientText(text: string): string {
  return patterns.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);
}
