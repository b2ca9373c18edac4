import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The plural suffixes of i18next's JSON v4 format (Intl.PluralRules categories). */
export const pluralCategories = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof pluralCategories)[number];

/** One namespace of one language, its nested JSON flattened to 'a.b.c' leaves (array items get their index). */
export type FlatNamespace = Map<string, unknown>;
/** language → namespace → flattened leaves */
export type LocaleTree = Map<string, Map<string, FlatNamespace>>;

export function flatten(value: unknown, prefix = '', into: FlatNamespace = new Map()): FlatNamespace {
  if (Array.isArray(value)) {
    value.forEach((item, index) => flatten(item, `${prefix}.${String(index)}`, into));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

/** Reads locales/<language>/<namespace>.json; a file that is not valid JSON throws with its path. */
export function readLocales(dir: string): LocaleTree {
  const tree: LocaleTree = new Map();
  for (const language of readdirSync(dir).sort()) {
    const languageDir = join(dir, language);
    if (!statSync(languageDir).isDirectory()) continue;
    const namespaces = new Map<string, FlatNamespace>();
    for (const file of readdirSync(languageDir).sort()) {
      if (!file.endsWith('.json')) continue;
      const path = join(languageDir, file);
      let parsed: unknown;
      try {
        parsed = JSON.parse(readFileSync(path, 'utf8'));
      } catch (error) {
        throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      namespaces.set(file.replace(/\.json$/, ''), flatten(parsed));
    }
    tree.set(language, namespaces);
  }
  return tree;
}

/** Splits 'count_one' into its base and plural category; keys without a plural suffix give null. */
export function pluralParts(key: string): { base: string; category: PluralCategory } | null {
  const match = /^(.+)_(zero|one|two|few|many|other)$/.exec(key);
  if (!match?.[1] || !match[2]) return null;
  return { base: match[1], category: match[2] as PluralCategory };
}

/** The plural categories a language needs (French and Spanish: one, many, other). */
export function requiredPluralCategories(language: string): PluralCategory[] {
  return [...new Intl.PluralRules(language).resolvedOptions().pluralCategories];
}

/** The {{variables}} a text interpolates (i18next's default prefix and suffix; formats after a comma dropped). */
export function interpolationVariables(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)) {
    const name = match[1]?.split(',')[0]?.trim();
    if (name) names.add(name.replace(/^- /, ''));
  }
  return [...names].sort();
}
