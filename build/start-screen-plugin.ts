import { basename } from 'node:path';
import type { Plugin } from 'vite';
import { patientLinkStartScreenHtml, readStartScreenTexts, startScreenHtml, startScreenStyle } from './start-screen';
import { localesDir } from './locales-plugin';

/**
 * The first paint comes from index.html itself (start-screen.ts says why and how). The service worker
 * precaches index.html, so an offline start shows it too.
 */
export function startScreenPlugin(): Plugin[] {
  return [startScreen(), stylesAfterFirstPaint(), scriptsNotForFirstPaint()];
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
      handler: (html) => {
        const rewritten = html.replace(
          stylesheetLink,
          (_link, crossorigin: string | undefined, href: string) =>
            `<link rel="preload" as="style"${crossorigin ?? ''} href="${href}" fetchpriority="low" data-first-visit-style>`,
        );
        // A Vite that links its stylesheets another way would leave them holding up the start screen, silently.
        if (/<link[^>]*rel="stylesheet"/.test(rewritten)) {
          throw new Error('index.html links a stylesheet the start screen would wait for: update stylesheetLink');
        }
        return rewritten;
      },
    },
  };
}

/** Vite's module script (the application's entry) and its preloads of the first download's files. */
const entryScript = /<script type="module" crossorigin src="/g;
const modulePreload = /<link rel="modulepreload" crossorigin href="/g;

/**
 * Issue 32: the first download's scripts (and, above, its stylesheets) are asked for at once, as before, but at a low
 * priority: nothing of them is needed for the first paint, which is index.html's own start screen. The browser then
 * gives the start screen's paint, and the configuration and texts the first render also waits for, their turn first.
 * Lighthouse's phone model agrees: it counts a high-priority script that arrived before the first paint as needed for
 * it, and reported the patient link page's start screen 1.6 to 2.3 s late whenever the local server delivered the
 * scripts before Chromium had painted. (Starting the downloads only after the paint, a0925a8, pleased the model too,
 * but made a real phone wait longer for the form: reverted.)
 */
function scriptsNotForFirstPaint(): Plugin {
  return {
    name: 'cgm-scripts-not-for-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const rewritten = html
          .replace(entryScript, '<script type="module" crossorigin fetchpriority="low" src="')
          .replace(modulePreload, '<link rel="modulepreload" crossorigin fetchpriority="low" href="');
        // A Vite that writes these tags another way would leave them at high priority, silently.
        if (/<script type="module"(?![^>]*fetchpriority="low")/.test(rewritten)) {
          throw new Error('index.html has a module script without a low fetch priority: update entryScript');
        }
        return rewritten;
      },
    },
  };
}

function startScreen(): Plugin {
  return {
    name: 'cgm-start-screen',
    transformIndexHtml: {
      order: 'pre',
      handler: (html, { filename }) => {
        if (!html.includes('<div id="root"></div>')) throw new Error(`${filename} has no empty #root`);
        const texts = readStartScreenTexts(localesDir);
        // patient.html is the patient link's page (issue 32): its own first lines, on any host.
        const screen =
          basename(filename) === 'patient.html' ? patientLinkStartScreenHtml(texts) : startScreenHtml(texts);
        return {
          html: html.replace('<div id="root"></div>', `<div id="root">${screen}</div>`),
          tags: [{ tag: 'style', children: startScreenStyle(), injectTo: 'head' }],
        };
      },
    },
  };
}
