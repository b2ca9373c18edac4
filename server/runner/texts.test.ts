import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { checkGlossary, checkLanguages, checkStyle, type Glossary } from '../../tests/i18n/checks';
import { referenceLanguage } from '../../tests/i18n/check-translations';
import { readLocales } from '../../tests/i18n/locale-files';
import { pageLocales, readingTexts, reportTexts, runnerTexts } from './texts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('runner and report texts', () => {
  it('come from locales/<language>/runner.json, with the pages’ {name} placeholders', async () => {
    for (const locale of pageLocales) {
      const file = (await import(join(root, `locales/${locale}/runner.json`))) as {
        default: { runner: { taskOf: string }; report: { pageTitle: string } };
      };
      expect(runnerTexts[locale].taskOf).toBe(file.default.runner.taskOf.replace(/\{\{\s*(\w+)[^}]*\}\}/g, '{$1}'));
      expect(reportTexts[locale].pageTitle).toBe(file.default.report.pageTitle);
    }
    expect(runnerTexts['fr-FR'].taskOf).toBe('Partie {n} sur {count}\u00a0: {name}');
  });

  it('pass the translation check with the client’s texts (every language, French typography, glossary)', () => {
    const tree = readLocales(join(root, 'locales'));
    const glossary = JSON.parse(readFileSync(join(root, 'locales/glossary.json'), 'utf8')) as Glossary;
    for (const language of tree.values()) expect([...language.keys()]).toContain('runner');
    const findings = [
      ...checkLanguages(tree, referenceLanguage),
      ...checkStyle(tree),
      ...checkGlossary(tree, referenceLanguage, glossary),
    ];
    expect(findings.filter((finding) => finding.message.includes('runner.json'))).toEqual([]);
    expect(reportTexts['es-US'].completed).toBe('Completada');
  });

  it('give the report the screens’ own words for a flag, its caveat and why a test is not valid (issue 33)', async () => {
    for (const locale of pageLocales) {
      const file = (await import(join(root, `locales/${locale}/reports.json`))) as {
        default: { reading: { flag: { decline: string }; setting: { home: string }; caveat: string } };
      };
      expect(readingTexts[locale].flag.decline).toBe(file.default.reading.flag.decline);
      expect(readingTexts[locale].setting.home).toBe(file.default.reading.setting.home);
      expect(readingTexts[locale].caveat).toBe(file.default.reading.caveat.replace(/\{\{\s*(\w+)[^}]*\}\}/g, '{$1}'));
    }
    expect(readingTexts['en-US'].caveat).toBe('Taken {setting} {device}; baseline {baselineSetting} {baselineDevice}.');
  });
});
