import { join, resolve } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { checkGlossary, checkLanguages, checkStyle, checkUsage, type Finding, type Glossary } from './checks';
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

/** One namespace per language, from plain objects: each test writes the texts it is about. */
function treeOf(languages: Record<string, Record<string, string>>) {
  return new Map(
    Object.entries(languages).map(([language, keys]) => [
      language,
      new Map([['demo', new Map<string, unknown>(Object.entries(keys))]]),
    ]),
  );
}

const narrow = '\u202f';
const noBreak = '\u00a0';

describe('checkStyle (issue 20)', () => {
  it('passes French with no-break spaces, typographic apostrophes and grouped counts', () => {
    const tree = treeOf({
      'fr-FR': {
        question: `Mot de passe oublié${narrow}?`,
        colon: `Usage prévu${noBreak}: l’évaluation${narrow}; voir «${narrow}Aide${narrow}»${narrow}!`,
        // A colon inside a time or an address is not punctuation of the sentence.
        notPunctuation: 'À 10:30, sur https://exemple.fr',
        count_one: '{{count, number}} patient',
        count_many: '{{count, number}} de patients',
        count_other: '{{count, number}} patients',
      },
    });
    expect(checkStyle(tree)).toEqual([]);
  });

  it('fails on a missing or breaking space before French high punctuation and inside guillemets', () => {
    const tree = treeOf({
      'fr-FR': {
        missing: 'Mot de passe oublié?',
        breaking: 'Usage prévu : le test',
        guillemets: `Utilisez «Mot de passe oublié${narrow}?»`,
      },
    });
    const found = checkStyle(tree);
    expect(kinds(found)).toEqual(['typography', 'typography', 'typography', 'typography']);
    expect(found.map((finding) => finding.message).join('\n')).toMatch(/"missing" needs a no-break space before \?/);
    expect(found.map((finding) => finding.message).join('\n')).toMatch(/"breaking" has a breaking space before :/);
  });

  it('fails on a straight apostrophe in French only', () => {
    const found = checkStyle(
      treeOf({ 'fr-FR': { mixed: "L'évaluation n’a pas pu être lancée." }, 'en-US': { fine: "Don't" } }),
    );
    expect(found).toEqual([
      { kind: 'apostrophe', message: 'fr-FR/demo.json "mixed" has a straight apostrophe \': French uses ’ only' },
    ]);
  });

  it('fails on a count shown without grouping, in any language', () => {
    const found = checkStyle(
      treeOf({ 'en-US': { selected: '{{count}} selected', grouped: '{{count, number}} selected' } }),
    );
    expect(found).toEqual([
      {
        kind: 'ungrouped-count',
        message: 'en-US/demo.json "selected" shows {{count}} without grouping: write {{count, number}}',
      },
    ]);
  });

  it('fails on a Spanish or French "many" form without de/d’', () => {
    const found = checkStyle(
      treeOf({
        'es-US': { rows_many: '{{count, number}} registros', fine_many: '{{count, number}} de registros' },
        'fr-FR': { rows_many: '{{count, number}} enregistrements', fine_many: '{{count, number}} d’enregistrements' },
      }),
    );
    expect(kinds(found)).toEqual(['plural-partitive', 'plural-partitive']);
  });
});

describe('checkGlossary (issue 20)', () => {
  const glossary: Glossary = {
    terms: [
      {
        term: 'report',
        english: '\\breports?\\b',
        translations: { 'fr-FR': ['compte rendu', 'comptes rendus'] },
        except: ['demo:toReport'],
      },
    ],
  };

  it('passes one word per term, and an English word listed as meaning something else', () => {
    const tree = treeOf({
      'en-US': { view: 'View report', list: 'Reports', toReport: 'A problem to report' },
      'fr-FR': { view: 'Voir le compte rendu', list: 'Comptes rendus', toReport: 'Un problème à signaler' },
    });
    expect(checkGlossary(tree, 'en-US', glossary)).toEqual([]);
  });

  it('fails on a term translated two ways', () => {
    const tree = treeOf({
      'en-US': { view: 'View report', list: 'Reports', toReport: 'A problem to report' },
      'fr-FR': { view: 'Voir le rapport', list: 'Comptes rendus', toReport: 'Un problème à signaler' },
    });
    const found = checkGlossary(tree, 'en-US', glossary);
    expect(kinds(found)).toEqual(['glossary']);
    expect(found[0]?.message).toContain('fr-FR/demo.json "view" translates "report" another way');
  });

  it('fails on an exception that no longer matches a text', () => {
    const tree = treeOf({ 'en-US': { view: 'View report' }, 'fr-FR': { view: 'Voir le compte rendu' } });
    expect(checkGlossary(tree, 'en-US', glossary)).toEqual([
      { kind: 'glossary', message: 'glossary "report": exception demo:toReport matches no text' },
    ]);
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

  // Issue 37: the "session timed out" text is shown for any session the server ended (idle, expired, signed out
  // elsewhere, the account deactivated), so no language may tell the person it was their inactivity.
  it('say a session ended without blaming inactivity', () => {
    for (const language of ['en-US', 'es-US', 'fr-FR']) {
      const text = String(tree.get(language)?.get('auth')?.get('TEXT_YOUR_SESSION_HAS_BEEN_TIMED_OUT'));
      expect(text, language).not.toMatch(/inactiv/i);
    }
  });

  it('keep French typography, grouped counts and the glossary', () => {
    const glossary = JSON.parse(readFileSync(join(root, 'locales/glossary.json'), 'utf8')) as Glossary;
    expect(checkStyle(tree)).toEqual([]);
    expect(checkGlossary(tree, 'en-US', glossary)).toEqual([]);
  });

  it('reads nested objects and arrays as leaves', () => {
    expect([...flatten({ a: { b: 'x' }, list: ['one', 'two'] })]).toEqual([
      ['a.b', 'x'],
      ['list.0', 'one'],
      ['list.1', 'two'],
    ]);
  });
});
