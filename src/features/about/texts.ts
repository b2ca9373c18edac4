import type { TFunction } from 'i18next';

/** A list of paragraphs from the locale file (an array under `key`); an empty list if the file has none. */
export function paragraphsOf(t: TFunction<'about'>, keyPath: string): string[] {
  const value: unknown = t(keyPath, { returnObjects: true });
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
