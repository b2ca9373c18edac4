import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { escapeHtml } from '../server/runner/html';
import { interfaceLanguages } from '../src/shared/lib/i18n/languages';
import { localesDir } from './locales-plugin';

interface StartScreenTexts {
  language: string;
  productName: string;
  loading: string;
}

function startScreenTexts(): StartScreenTexts[] {
  return interfaceLanguages.map((language) => {
    const shell = JSON.parse(readFileSync(join(localesDir, `${language}/shell.json`), 'utf8')) as {
      productName: string;
      loading: string;
    };
    return { language, productName: shell.productName, loading: shell.loading };
  });
}

/**
 * The start screen's look: the shell's top bar (the colour and height of its header, global.css .cgm-layout) and the
 * product's name with a loading line. Only the part in <html lang> shows: the inline browser check sets that to the
 * language this browser chose before the body is parsed, so a Spanish tablet never flashes English.
 */
function startScreenStyle(texts: readonly StartScreenTexts[]): string {
  const shown = texts.map(({ language }) => `html[lang='${language}'] .cgm-start [lang='${language}']`).join(', ');
  return `.cgm-start { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; color: #1a1a1a; }
.cgm-start [lang] { display: none; }
${shown} { display: block; }
.cgm-start-bar { height: 56px; background: #1c4e80; color: #fff; font-weight: 700; padding: 0 16px; display: flex; align-items: center; }
.cgm-start-main { padding: 20vh 16px 0; text-align: center; }
.cgm-start-name { margin: 0; font-size: 2rem; font-weight: 700; color: #1c4e80; line-height: 1.25; }
.cgm-start-status { margin: 1rem 0 0; font-size: 1rem; color: #495057; }`;
}

/** Static HTML inside #root; React's first render replaces it (createRoot clears the container). */
export function startScreenHtml(texts: readonly StartScreenTexts[]): string {
  const each = (pick: (part: StartScreenTexts) => string) =>
    texts.map((part) => `<span lang="${part.language}">${escapeHtml(pick(part))}</span>`).join('');
  return `<div class="cgm-start">
      <div class="cgm-start-bar">${each((part) => part.productName)}</div>
      <div class="cgm-start-main">
        <p class="cgm-start-name">${each((part) => part.productName)}</p>
        <p class="cgm-start-status" role="status">${each((part) => part.loading)}</p>
      </div>
    </div>`;
}

/**
 * The first paint comes from index.html itself, before any script has downloaded: on a slow phone network the
 * application's code takes seconds, and a blank page for that long reads as a broken link. The service worker
 * precaches index.html, so an offline start shows it too.
 */
export function startScreenPlugin(): Plugin[] {
  return [startScreen(), stylesAfterFirstPaint()];
}

/** Vite's links to the first download's stylesheets in the built index.html. */
const stylesheetLink = /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g;

/**
 * The first download's stylesheets do not hold up the start screen: Vite links them as stylesheets, which the
 * browser must have before it paints anything, so on a slow phone network the page stayed white for as long as
 * they took (the start screen's own look is inline). They are preloaded instead, at the same priority, and the
 * application puts them in place and waits for them before its first render (src/app/load-all-styles.ts), so no
 * page ever shows unstyled.
 */
function stylesAfterFirstPaint(): Plugin {
  return {
    name: 'cgm-styles-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          stylesheetLink,
          (_link, crossorigin: string | undefined, href: string) =>
            `<link rel="preload" as="style"${crossorigin ?? ''} href="${href}" data-first-visit-style>`,
        ),
    },
  };
}

function startScreen(): Plugin {
  return {
    name: 'cgm-start-screen',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => {
        const texts = startScreenTexts();
        if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
        return {
          html: html.replace('<div id="root"></div>', `<div id="root">${startScreenHtml(texts)}</div>`),
          tags: [{ tag: 'style', children: startScreenStyle(texts), injectTo: 'head' }],
        };
      },
    },
  };
}
