import type { Plugin } from 'vite';
import { readStartScreenTexts, startScreenHtml, startScreenStyle } from './start-screen';
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
            `<link rel="preload" as="style"${crossorigin ?? ''} href="${href}" data-first-visit-style>`,
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

/** Vite's module script (the application's entry) and its preloads of the first download's files in the built index.html. */
const entryScript = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const modulePreload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The inline script that starts the application's download once the start screen is painted: the entry's preloads,
 * then the entry itself, as Vite's tags would have (same files, same order, same CORS mode). A page that is not
 * shown paints nothing: it starts at once. The browser check before it may be taking this browser elsewhere.
 */
export function entryLoaderScript(entry: string, preloads: readonly string[]): string {
  return `(function () {
  if (window.cgmUnsupportedBrowser) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    ${JSON.stringify(preloads)}.forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = ${JSON.stringify(entry)};
    document.head.appendChild(script);
  }
  if (document.visibilityState !== "visible") start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
})();`;
}

/**
 * Issue 32: the application's scripts start downloading once the start screen is on screen, not beside index.html.
 * They never held up its paint in the browser (module scripts run after the page is parsed), but Lighthouse's
 * simulation of a phone counts every request that ended before the first paint as needed for it: the scripts
 * (190 kB on the patient's link page) then made the start screen's intro paint 1.6 to 2.3 s late on a phone's network.
 * Painted first, the page asks for them in the next task; the configuration, texts and styles that index.html
 * preloads still start at once.
 */
function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'cgm-scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const entries = [...html.matchAll(entryScript)].map((match) => match[1] ?? '');
        const preloads = [...html.matchAll(modulePreload)].map((match) => match[1] ?? '');
        const [entry] = entries;
        // A Vite that writes its entry another way would leave it downloading beside index.html, silently.
        if (entries.length !== 1 || !entry)
          throw new Error('index.html has no single module entry: update entryScript');
        const withoutTags = html.replace(entryScript, '').replace(modulePreload, '');
        return withoutTags.replace('</body>', `  <script>${entryLoaderScript(entry, preloads)}</script>\n  </body>`);
      },
    },
  };
}

function startScreen(): Plugin {
  return {
    name: 'cgm-start-screen',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => {
        if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
        return {
          html: html.replace(
            '<div id="root"></div>',
            `<div id="root">${startScreenHtml(readStartScreenTexts(localesDir))}</div>`,
          ),
          tags: [{ tag: 'style', children: startScreenStyle(), injectTo: 'head' }],
        };
      },
    },
  };
}
