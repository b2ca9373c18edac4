import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import {
  checkGlossary,
  checkLanguages,
  checkStyle,
  checkUsage,
  type Allowances,
  type Finding,
  type Glossary,
} from './checks';
import { extractKeyUsage, type KeyUsage } from './key-usage';
import { readLocales } from './locale-files';

/**
 * The translation check of `npm test` (issue 10): every language has every key of en-US with the plural forms
 * it needs and the same {{variables}}; every key the code uses is in en-US; every en-US key is used; French
 * typography, grouped counts and the glossary's one word per concept hold.
 * Run: node --import tsx tests/i18n/check-translations.ts [--verbose]
 */

export const referenceLanguage = 'en-US';
export const defaultNamespace = 'common';

function sourceFiles(dir: string, accept: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path, accept));
    else if (accept(path)) out.push(path);
  }
  return out.sort();
}

const isSource = (path: string) =>
  /\.(ts|tsx)$/.test(path) && !/\.test\.(ts|tsx)$/.test(path) && !path.endsWith('.d.ts');

export function collectUsage(root: string): KeyUsage {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  // Test helpers render with keys of their own choosing: they are not the product's use of a key.
  // The kernel (common/) is read with the client, whose screens show its messages; the build's generators (start
  // screens, documents) pass keys as data as the server does.
  const typedFiles = ['src', 'common'].flatMap((folder) =>
    sourceFiles(join(root, folder), (path) => isSource(path) && !path.includes('/testing/')),
  );
  const literalFiles = ['server', 'build'].flatMap((folder) =>
    sourceFiles(join(root, folder), (path) => isSource(path) && !path.includes('/testing/')),
  );
  return extractKeyUsage({
    typedFiles: [...typedFiles, join(root, 'src/vite-env.d.ts')],
    literalFiles,
    compilerOptions: parsed.options,
    defaultNamespace,
    root,
  });
}

export function runCheck(root: string): { findings: Finding[]; usage: KeyUsage } {
  const tree = readLocales(join(root, 'locales'));
  const allowances = JSON.parse(readFileSync(join(root, 'tests/i18n/allowed-keys.json'), 'utf8')) as Allowances & {
    $comment?: unknown;
  };
  delete allowances.$comment;
  const glossary = JSON.parse(readFileSync(join(root, 'locales/glossary.json'), 'utf8')) as Glossary;
  const usage = collectUsage(root);
  return {
    findings: [
      ...checkLanguages(tree, referenceLanguage),
      ...checkUsage(tree, referenceLanguage, usage, allowances),
      ...checkStyle(tree),
      ...checkGlossary(tree, referenceLanguage, glossary),
    ],
    usage,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const { findings, usage } = runCheck(root);
  if (process.argv.includes('--verbose')) {
    for (const item of usage.unresolved) console.log(`unresolved (data-driven) key: ${item.where}: ${item.text}`);
  }
  for (const finding of findings) console.error(`${finding.kind}: ${finding.message}`);
  if (findings.length > 0) {
    console.error(`translation check: ${String(findings.length)} problem(s)`);
    process.exit(1);
  }
  console.log(`translation check: ${String(usage.references.length)} key references, all languages complete`);
}
