// Over 300 lines because the translation check's rules (languages complete, keys used and defined, style of each
// language, glossary) are one report over the same locale tree; each rule is one exported function.
import type { KeyMatcher, KeyUsage } from './key-usage';
import {
  interpolationVariables,
  pluralParts,
  requiredPluralCategories,
  type FlatNamespace,
  type LocaleTree,
} from './locale-files';

export type FindingKind =
  | 'missing-namespace'
  | 'missing-key'
  | 'extra-key'
  | 'plural-forms'
  | 'variables'
  | 'empty'
  | 'not-in-reference'
  | 'unused'
  | 'stale-allowance'
  | 'typography'
  | 'apostrophe'
  | 'ungrouped-count'
  | 'plural-partitive'
  | 'glossary';

export interface Finding {
  kind: FindingKind;
  message: string;
}

/** Keys the code reaches in ways no checker can see (per namespace; '*' ends a prefix). */
export type Allowances = Record<string, string[]>;

/** A leaf key with its plural suffix removed: 'count_one' and 'count_other' are both the key 'count'. */
function logicalKey(key: string, namespace: FlatNamespace): string {
  const parts = pluralParts(key);
  return parts && namespace.has(`${parts.base}_other`) ? parts.base : key;
}

/**
 * Every language against the reference (en-US): the same namespaces and keys, the plural forms that language
 * needs (Intl.PluralRules: French and Spanish have one, many and other), the same {{variables}}, no empty text.
 */
export function checkLanguages(tree: LocaleTree, reference: string): Finding[] {
  const findings: Finding[] = [];
  const base = tree.get(reference);
  if (!base) return [{ kind: 'missing-namespace', message: `no ${reference} locale folder` }];
  for (const [language, namespaces] of tree) {
    const needed = new Set(requiredPluralCategories(language));
    for (const [namespace, referenceKeys] of base) {
      const keys = namespaces.get(namespace);
      if (!keys) {
        if (language !== reference) {
          findings.push({ kind: 'missing-namespace', message: `${language}/${namespace}.json is missing` });
        }
        continue;
      }
      const where = (key: string) => `${language}/${namespace}.json "${key}"`;
      // Plural groups are compared as groups; other keys one by one.
      const referenceLogical = new Map<string, string[]>();
      for (const key of referenceKeys.keys()) {
        const logical = logicalKey(key, referenceKeys);
        referenceLogical.set(logical, [...(referenceLogical.get(logical) ?? []), key]);
      }
      const logicalHere = new Map<string, string[]>();
      for (const key of keys.keys()) {
        const logical = logicalKey(key, keys);
        logicalHere.set(logical, [...(logicalHere.get(logical) ?? []), key]);
      }
      for (const [logical, referenceForms] of referenceLogical) {
        const forms = logicalHere.get(logical);
        if (!forms) {
          findings.push({ kind: 'missing-key', message: `${where(logical)} is missing (${reference} has it)` });
          continue;
        }
        const isPlural = referenceForms.some((key) => key !== logical);
        if (isPlural) {
          const categories = new Set(forms.map((key) => pluralParts(key)?.category));
          const lacking = [...needed].filter((category) => !categories.has(category));
          // '_zero' is i18next's optional special form for 0 in any language; any other extra is a mistake.
          const extra = [...categories].filter((category) => category !== 'zero' && !needed.has(category as never));
          if (lacking.length > 0 || extra.length > 0 || forms.includes(logical)) {
            findings.push({
              kind: 'plural-forms',
              message: `${where(logical)} needs the plural forms ${[...needed].map((c) => `_${c}`).join(', ')}${
                lacking.length ? `; lacks ${lacking.map((c) => `_${c}`).join(', ')}` : ''
              }${extra.length ? `; has ${extra.map((c) => `_${String(c)}`).join(', ')} that ${language} does not use` : ''}`,
            });
          }
        }
        const referenceText = (key: string) => {
          const parts = pluralParts(key);
          const value = referenceKeys.get(key) ?? (parts ? referenceKeys.get(`${parts.base}_other`) : undefined);
          return typeof value === 'string' ? value : '';
        };
        for (const key of forms) {
          const value = keys.get(key);
          if (typeof value !== 'string' || value.trim() === '') {
            findings.push({ kind: 'empty', message: `${where(key)} has no text` });
            continue;
          }
          const expected = interpolationVariables(referenceText(key)).join(', ');
          const actual = interpolationVariables(value).join(', ');
          if (expected !== actual) {
            findings.push({
              kind: 'variables',
              message: `${where(key)} interpolates {${actual}} but ${reference} has {${expected}}`,
            });
          }
        }
      }
      for (const logical of logicalHere.keys()) {
        if (!referenceLogical.has(logical)) {
          findings.push({ kind: 'extra-key', message: `${where(logical)} is not in ${reference}: remove it` });
        }
      }
    }
    for (const namespace of namespaces.keys()) {
      if (!base.has(namespace)) {
        findings.push({ kind: 'extra-key', message: `${language}/${namespace}.json has no ${reference} original` });
      }
    }
  }
  return findings;
}

/** What a key reference can match in one namespace: leaves, plural bases and the objects/arrays above leaves. */
function addressable(namespace: FlatNamespace): Map<string, string[]> {
  const map = new Map<string, string[]>();
  const add = (address: string, leaf: string) => {
    map.set(address, [...(map.get(address) ?? []), leaf]);
  };
  for (const leaf of namespace.keys()) {
    add(leaf, leaf);
    const logical = logicalKey(leaf, namespace);
    if (logical !== leaf) add(logical, leaf);
    const segments = logical.split('.');
    for (let i = 1; i < segments.length; i += 1) add(segments.slice(0, i).join('.'), leaf);
  }
  return map;
}

/** Keys kept as data name no namespace and no enclosing object ('contact.VALID_NAME_IS_REQUIRED' is found too). */
function matches(matcher: KeyMatcher, address: string, asData: boolean): boolean {
  if (matcher.kind === 'pattern') return matcher.pattern.test(address);
  return matcher.key === address || (asData && address.endsWith(`.${matcher.key}`));
}

function describe(matcher: KeyMatcher): string {
  return matcher.kind === 'exact' ? matcher.key : `/${matcher.source}/`;
}

/**
 * The code against the reference language: every key the code uses exists there (in one of the namespaces it
 * is looked up in), and every key there is used by the code or named in the allowances.
 */
export function checkUsage(
  tree: LocaleTree,
  reference: string,
  usage: KeyUsage,
  allowances: Allowances = {},
): Finding[] {
  const findings: Finding[] = [];
  const base = tree.get(reference) ?? new Map<string, FlatNamespace>();
  const addresses = new Map([...base].map(([namespace, keys]) => [namespace, addressable(keys)]));
  const used = new Map<string, Set<string>>([...base.keys()].map((namespace) => [namespace, new Set<string>()]));

  for (const reference_ of usage.references) {
    const namespaces = reference_.namespaces.length > 0 ? reference_.namespaces : [...addresses.keys()];
    let found = false;
    for (const namespace of namespaces) {
      const map = addresses.get(namespace);
      if (!map) continue;
      for (const [address, leaves] of map) {
        if (!matches(reference_.matcher, address, reference_.namespaces.length === 0)) continue;
        found = true;
        for (const leaf of leaves) used.get(namespace)?.add(leaf);
      }
    }
    if (!found) {
      const scope =
        reference_.namespaces.length > 0 ? `namespace ${reference_.namespaces.join(' or ')}` : 'any namespace';
      findings.push({
        kind: 'not-in-reference',
        message: `${reference_.where}: key ${describe(reference_.matcher)} is not in ${reference} (${scope})`,
      });
    }
  }

  for (const [namespace, entries] of Object.entries(allowances)) {
    const map = addresses.get(namespace);
    for (const entry of entries) {
      const pattern = entry.endsWith('*')
        ? new RegExp(`^${entry.slice(0, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
        : null;
      let found = false;
      for (const [address, leaves] of map ?? []) {
        if (pattern ? !pattern.test(address) : address !== entry) continue;
        found = true;
        for (const leaf of leaves) used.get(namespace)?.add(leaf);
      }
      if (!found) {
        findings.push({
          kind: 'stale-allowance',
          message: `allowance ${namespace}:${entry} matches no ${reference} key`,
        });
      }
    }
  }

  for (const [namespace, keys] of base) {
    const usedHere = used.get(namespace) ?? new Set();
    const reported = new Set<string>();
    for (const leaf of keys.keys()) {
      if (usedHere.has(leaf)) continue;
      // One line per plural group or array, not one per form or item.
      const logical = logicalKey(leaf, keys).replace(/\.\d+(\..*)?$/, '');
      if (reported.has(logical)) continue;
      reported.add(logical);
      findings.push({ kind: 'unused', message: `${reference}/${namespace}.json "${logical}" is not used by the code` });
    }
  }
  return findings;
}

/** The no-break spaces French sets before : ; ? ! » and after « (U+202F narrow, or U+00A0). */
const noBreakSpaces = new Set(['\u202f', '\u00a0']);
/** What may follow a high punctuation mark that ends a phrase (a colon in '10:30' or 'https://' is not one). */
const phraseEnd = /^$|^[\s.,)»”"…]/u;

function frenchTypography(text: string): string[] {
  // Variables are not text: their formats ('{{count, number}}') and the values they become are not checked here.
  const plain = text.replace(/\{\{[^}]*\}\}/g, 'X');
  const problems: string[] = [];
  const around = (index: number) => `"…${plain.slice(Math.max(0, index - 12), index + 3)}…"`;
  for (const match of plain.matchAll(/[:;?!»«]/gu)) {
    const index = match.index;
    const mark = match[0];
    const before = plain.charAt(index - 1);
    const after = plain.charAt(index + 1);
    if (mark === '«') {
      if (!noBreakSpaces.has(after)) problems.push(`needs a no-break space after « in ${around(index)}`);
      continue;
    }
    if (noBreakSpaces.has(before)) continue;
    if (/\s/u.test(before)) {
      problems.push(`has a breaking space before ${mark} in ${around(index)}: use a no-break space (U+202F)`);
    } else if (mark === '»' || (!/[:;?!]/u.test(before) && phraseEnd.test(plain.slice(index + 1)))) {
      problems.push(`needs a no-break space before ${mark} in ${around(index)}`);
    }
  }
  return problems;
}

/**
 * House style a fluent translation can still miss (issue 20): French typography (a no-break space before : ; ? !
 * and », after «; only the typographic apostrophe ’), counts through the number formatter ('{{count, number}}',
 * so 1000000 reads '1,000,000' or '1 000 000'), and the CLDR 'many' form of Spanish and French with its 'de'/'d’'
 * ('1 000 000 de patients').
 */
export function checkStyle(tree: LocaleTree): Finding[] {
  const findings: Finding[] = [];
  for (const [language, namespaces] of tree) {
    const french = language.startsWith('fr');
    const partitive = language.startsWith('fr') || language.startsWith('es');
    for (const [namespace, keys] of namespaces) {
      for (const [key, value] of keys) {
        if (typeof value !== 'string') continue;
        const where = `${language}/${namespace}.json "${key}"`;
        if (/\{\{\s*count\s*\}\}/.test(value)) {
          findings.push({
            kind: 'ungrouped-count',
            message: `${where} shows {{count}} without grouping: write {{count, number}}`,
          });
        }
        if (partitive && pluralParts(key)?.category === 'many' && !/\}\}\s+(de\s|d’)/u.test(value)) {
          findings.push({
            kind: 'plural-partitive',
            message: `${where} needs "de"/"d’" after the count (1 000 000 de…, d’…)`,
          });
        }
        if (!french) continue;
        for (const problem of frenchTypography(value))
          findings.push({ kind: 'typography', message: `${where} ${problem}` });
        if (value.includes("'")) {
          findings.push({ kind: 'apostrophe', message: `${where} has a straight apostrophe ': French uses ’ only` });
        }
      }
    }
  }
  return findings;
}

/**
 * One word per concept and language (locales/glossary.json). `english` is a pattern of the English term (matched
 * case-insensitively); each language lists the stems its translation of the term may use ('demand' covers demande
 * and demander). A text whose English has the term but whose translation has none of its stems translates the term
 * another way. `except` names texts where the English word means something else ('a problem to report').
 */
export interface GlossaryTerm {
  term: string;
  english: string;
  translations: Record<string, string[]>;
  except?: string[];
}

export interface Glossary {
  terms: GlossaryTerm[];
}

function foldCase(text: string, language: string): string {
  return text.toLocaleLowerCase(language).normalize('NFC');
}

export function checkGlossary(tree: LocaleTree, reference: string, glossary: Glossary): Finding[] {
  const findings: Finding[] = [];
  const base = tree.get(reference);
  if (!base) return findings;
  for (const term of glossary.terms) {
    const english = new RegExp(term.english, 'iu');
    const except = new Set(term.except ?? []);
    const matchedExceptions = new Set<string>();
    for (const [namespace, referenceKeys] of base) {
      for (const [key, referenceText] of referenceKeys) {
        if (typeof referenceText !== 'string' || !english.test(referenceText)) continue;
        if (except.has(`${namespace}:${key}`)) {
          matchedExceptions.add(`${namespace}:${key}`);
          continue;
        }
        for (const [language, stems] of Object.entries(term.translations)) {
          const text = tree.get(language)?.get(namespace)?.get(key);
          if (typeof text !== 'string') continue;
          const folded = foldCase(text, language);
          if (stems.some((stem) => folded.includes(foldCase(stem, language)))) continue;
          findings.push({
            kind: 'glossary',
            message: `${language}/${namespace}.json "${key}" translates "${term.term}" another way than the glossary's ${stems
              .map((stem) => `"${stem}…"`)
              .join(' or ')}: "${text}"`,
          });
        }
      }
    }
    for (const entry of except) {
      if (!matchedExceptions.has(entry)) {
        findings.push({ kind: 'glossary', message: `glossary "${term.term}": exception ${entry} matches no text` });
      }
    }
  }
  return findings;
}
