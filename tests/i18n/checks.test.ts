import { join, resolve } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLanguages, checkUsage, type Finding } from './checks';
import { extractKeyUsage, type KeyUsage } from './key-usage';
import { flatten, interpolationVariables, readLocales, type LocaleTree } from './locale-files';

const root = resolve(import.meta.dirname, '../..');
const fixtures = join(import.meta.dirname, 'fixtures');

/** A deep copy, so each test plants its own mistake. */
function copyTree(tree: LocaleTree): LocaleTree {
  return new Map(
    [...tree].map(([language, namespaces]) => [
      language,
      new Map([...namespaces].map(([ns, keys]) => [ns, new Map(keys)])),
    ]),
  );
}

function namespace(tree: LocaleTree, language: string, ns: string): Map<string, unknown> {
  const found = tree.get(language)?.get(ns);
  if (!found) throw new Error(`${language}/${ns} missing in the fixture`);
  return found;
}

const kinds = (findings: Finding[]) => findings.map((finding) => finding.kind);

describe('checkLanguages', () => {
  const fixtureTree = readLocales(join(fixtures, 'locales'));

  it('passes complete translations with the plural forms French needs', () => {
    expect(checkLanguages(fixtureTree, 'en-US')).toEqual([]);
  });

  it('fails on a key missing in a language', () => {
    const tree = copyTree(fixtureTree);
    namespace(tree, 'fr-FR', 'demo').delete('titles.open');
    expect(checkLanguages(tree, 'en-US')).toEqual([
      { kind: 'missing-key', message: 'fr-FR/demo.json "titles.open" is missing (en-US has it)' },
    ]);
  });

  it('fails on a missing namespace and on a key en-US does not have', () => {
    const tree = copyTree(fixtureTree);
    tree.get('fr-FR')?.delete('other');
    namespace(tree, 'fr-FR', 'demo').set('leftover', 'Reste');
    expect(kinds(checkLanguages(tree, 'en-US')).sort()).toEqual(['extra-key', 'missing-namespace']);
  });

  it('fails when a language lacks a plural form it needs (French _many) or has one it does not use', () => {
    const tree = copyTree(fixtureTree);
    namespace(tree, 'fr-FR', 'demo').delete('items_many');
    const lacking = checkLanguages(tree, 'en-US');
    expect(lacking).toHaveLength(1);
    expect(lacking[0]?.kind).toBe('plural-forms');
    expect(lacking[0]?.message).toContain('lacks _many');

    const english = copyTree(fixtureTree);
    namespace(english, 'en-US', 'demo').set('items_few', '{{count}} items');
    expect(checkLanguages(english, 'en-US').map((finding) => finding.message)).toContainEqual(
      expect.stringContaining('has _few that en-US does not use'),
    );
  });

  it('fails when a translation drops, renames or adds a {{variable}}', () => {
    const tree = copyTree(fixtureTree);
    namespace(tree, 'fr-FR', 'other').set('label', 'Libellé {{nom}}');
    namespace(tree, 'fr-FR', 'demo').set('items_many', 'beaucoup');
    expect(checkLanguages(tree, 'en-US')).toEqual([
      { kind: 'variables', message: 'fr-FR/demo.json "items_many" interpolates {} but en-US has {count}' },
      { kind: 'variables', message: 'fr-FR/other.json "label" interpolates {nom} but en-US has {name}' },
    ]);
  });

  it('fails on an empty text', () => {
    const tree = copyTree(fixtureTree);
    namespace(tree, 'fr-FR', 'demo').set('rich', ' ');
    expect(kinds(checkLanguages(tree, 'en-US'))).toEqual(['empty']);
  });
});

describe('key usage in code', () => {
  let usage: KeyUsage;
  const fixtureTree = readLocales(join(fixtures, 'locales'));

  beforeAll(() => {
    const config = ts.readConfigFile(join(root, 'tsconfig.json'), (path) => ts.sys.readFile(path));
    const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
    usage = extractKeyUsage({
      typedFiles: [join(fixtures, 'app/screen.tsx')],
      literalFiles: [],
      compilerOptions: parsed.options,
      defaultNamespace: 'common',
      root: fixtures,
    });
  }, 60_000);

  it('resolves keys through as-const maps, unions, templates, plural bases, namespaces, Trans and key holders', () => {
    const findings = checkUsage(fixtureTree, 'en-US', usage);
    // The fixture plants exactly one key missing from en-US and one unused key; everything else is found.
    expect(findings).toEqual([
      { kind: 'not-in-reference', message: 'app/screen.tsx:27: key notThere is not in en-US (namespace demo)' },
      { kind: 'unused', message: 'en-US/demo.json "orphan" is not used by the code' },
    ]);
  });

  it('fails on a key the code uses once it is removed from en-US', () => {
    const tree = copyTree(fixtureTree);
    namespace(tree, 'en-US', 'demo').delete('gender.M');
    expect(checkUsage(tree, 'en-US', usage).map((finding) => finding.message)).toContainEqual(
      'app/screen.tsx:18: key gender.M is not in en-US (namespace demo)',
    );
  });

  it('keeps an allowance honest: it counts as a use, and one that matches nothing fails', () => {
    expect(checkUsage(fixtureTree, 'en-US', usage, { demo: ['orphan'] }).map((finding) => finding.kind)).toEqual([
      'not-in-reference',
    ]);
    expect(kinds(checkUsage(fixtureTree, 'en-US', usage, { demo: ['gone.*'] }))).toContain('stale-allowance');
  });
});

describe('the product locales', () => {
  const tree = readLocales(join(root, 'locales'));
  const reference = tree.get('en-US');

  it('has en-US, es-US and fr-FR', () => {
    expect([...tree.keys()].sort()).toEqual(['en-US', 'es-US', 'fr-FR']);
  });

  // Issue 10: a translation keeps exactly the {{variables}} of en-US, or a name or a count goes missing on screen.
  for (const language of ['es-US', 'fr-FR']) {
    it(`${language} keeps the {{variables}} of every en-US text`, () => {
      for (const [ns, keys] of tree.get(language) ?? []) {
        const original = reference?.get(ns);
        for (const [key, value] of keys) {
          const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
          const english = original?.get(key) ?? original?.get(`${base}_other`);
          expect(interpolationVariables(String(value)), `${language}/${ns}.json "${key}"`).toEqual(
            interpolationVariables(String(english)),
          );
        }
      }
    });
  }

  it('reads nested objects and arrays as leaves', () => {
    expect([...flatten({ a: { b: 'x' }, list: ['one', 'two'] })]).toEqual([
      ['a.b', 'x'],
      ['list.0', 'one'],
      ['list.1', 'two'],
    ]);
  });
});
