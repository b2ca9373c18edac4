import { basename } from 'node:path';
import type { Plugin } from 'vite';
import { patientLinkStartScreenHtml, readStartScreenTexts, startScreenHtml, startScreenStyle } from './start-screen';
import { localesDir } from './locales-plugin';

/**
 * The first paint comes from index.html itself (start-screen.ts says why and how). The service worker
 * precaches index.html, so an offline start shows it too.
 */
export function startScreenPlugin(): Plugin[] {
  return [startScreen(), stylesAfterFirstPaint(), scriptsAfterFirstPaint()];
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
const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const modulePreload = /<link rel="modulepreload" crossorigin href="/g;

/**
 * Runs the application once the start screen is painted; its files have been downloading since the page arrived
 * (the entry is preloaded like the rest). The same text on both pages, so the server's content security policy lets
 * it run by one hash, read from index.html (server/http/inline-scripts.ts). A page that is not shown paints nothing:
 * it starts at once. The browser check before it may be taking this browser elsewhere.
 */
export const entryAfterFirstPaintScript = `(function () {
  if (window.cgmUnsupportedBrowser) return;
  function start() {
    var entry = document.querySelector("link[data-cgm-entry]");
    if (!entry) return;
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = entry.href;
    document.head.appendChild(script);
  }
  if (document.visibilityState !== "visible") start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
})();`;

/**
 * Issue 32: the first download's scripts (and, above, its stylesheets) are asked for at once, as before, but at a low
 * priority, and the application runs once the start screen is on screen. Nothing of them is needed for the first
 * paint, which is index.html's own start screen: the browser gives it, and the configuration and texts the first
 * render also waits for, their turn first, and the scripts' evaluation (a long task on a phone) no longer holds the
 * paint up. Lighthouse's phone model counts every request that ended before the first paint as needed for it, and
 * reported the patient link page's start screen 1.6 to 2.3 s late whenever the local server delivered the scripts
 * before Chromium had painted. (Starting the downloads themselves after the paint, a0925a8, pleased the model too,
 * but made a real phone wait longer for the form, and was reverted: here they start with the page, as before.)
 */
function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'cgm-scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const entries = [...html.matchAll(entryScript)];
        // A Vite that writes its entry another way would leave it running before the paint, silently.
        if (entries.length !== 1) throw new Error('the page has not one entry script: update entryScript');
        const rewritten = html
          .replace(entryScript, '<link rel="modulepreload" crossorigin href="$1" data-cgm-entry>')
          .replace(modulePreload, '<link rel="modulepreload" crossorigin fetchpriority="low" href="');
        return {
          html: rewritten,
          tags: [{ tag: 'script', children: entryAfterFirstPaintScript, injectTo: 'head' }],
        };
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
