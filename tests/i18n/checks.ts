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
  | 'stale-allowance';

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
