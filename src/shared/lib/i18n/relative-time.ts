/** The units of a relative time, each with how many of it make the next one. */
const steps: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
];

/**
 * How long ago (or in how long) `time` is from `now`, in the language's words ("2 hours ago", "hace 2 horas"), with
 * the browser's own Intl.RelativeTimeFormat: the offline banner, which every first visit downloads, says the age of
 * what is on screen without the date library and its three languages (about 10 kB on a phone's first visit, issue 32),
 * and the order timeline says when each event happened in the same words. A count that rounds up to the next unit is
 * said in it ("1 hour ago", not "60 minutes ago").
 */
export function formatAge(time: number, now: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  // Now is said as past ("0 seconds ago"): Intl reads -0 as past, 0 as future.
  const rounded = (value: number) => Math.round(value) || (time <= now ? -0 : 0);
  let value = (time - now) / 1000;
  for (const [unit, size] of steps) {
    if (Math.abs(rounded(value)) < size) return format.format(rounded(value), unit);
    value /= size;
  }
  return format.format(rounded(value), 'year');
}
