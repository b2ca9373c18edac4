import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseJavaScript } from 'acorn';
import { transformWithOxc, type Plugin } from 'vite';
import { escapeHtml, pageFrame } from './html';
import { browserNotSupportedPath } from '../src/app/browser-support';
import { interfaceLanguages, languageStorageKey } from '#common/languages';
import { emitAtBuildServeInDev } from './emit-or-serve';
import { localesDir } from './locales-plugin';

/** A file of its own: the server's page frame links its stylesheet. */
const stylesheetFile = 'browser-not-supported.css';
const stylesheet = `body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; margin: 0; color: #1a1a1a; }
header { background: #1c4e80; color: #fff; padding: 0.9rem 1rem; font-weight: 700; }
main { max-width: 40rem; margin: 0 auto; padding: 1rem; line-height: 1.5; }
h1, h2 { color: #1c4e80; }
h1 { font-size: 1.6rem; }
`;

/**
 * The browser check runs before the application (README, "Supported browsers"): src/app/browser-support.ts
 * becomes a classic ES5 script, so that a browser too old to parse the application still runs it. The build
 * fails if the script is not ES5, rather than letting an old browser choke on it.
 */
async function browserCheckScript(): Promise<string> {
  const path = join(import.meta.dirname, '../src/app/browser-support.ts');
  const { code } = await transformWithOxc(readFileSync(path, 'utf8'), path, { lang: 'ts', target: 'es2015' });
  const body = code.replace(/^export /gm, '').replace(/^\/\/# sourceMappingURL.*$/gm, '');
  // The language this browser chose (languages.ts) becomes <html lang> before the body is parsed, so the start
  // screen of index.html (start-screen-plugin.ts) shows in it; i18n confirms or corrects it once it starts.
  const script = `(function () {
${body}
try {
  var chosen = window.localStorage.getItem(${JSON.stringify(languageStorageKey)});
  if (${JSON.stringify(interfaceLanguages)}.indexOf(chosen) >= 0) document.documentElement.lang = chosen;
} catch (e) {}
var missing = missingBrowserFeatures(window);
if (missing.length > 0) {
  window.cgmUnsupportedBrowser = missing;
  window.location.replace(${JSON.stringify(browserNotSupportedPath)});
}
})();
`;
  parseJavaScript(script, { ecmaVersion: 5, sourceType: 'script' });
  return script;
}

interface BrowserNotSupportedTexts {
  title: string;
  text: string;
  supportedTitle: string;
  browsers: string[];
  action: string;
}

/**
 * The browser-not-supported page is static HTML with no script (the browser that sees it may run none). It cannot
 * know the configured language, so it says everything in each interface language (en-US first), each part marked
 * with its lang; the texts are read from the locale files at build time.
 */
function browserNotSupportedPage(): string {
  const texts = interfaceLanguages.map((language) => {
    const shell = JSON.parse(readFileSync(join(localesDir, `${language}/shell.json`), 'utf8')) as {
      productName: string;
      browserNotSupported: BrowserNotSupportedTexts;
    };
    return { language, productName: shell.productName, ...shell.browserNotSupported };
  });
  const [first] = texts;
  if (!first) throw new Error('no interface language');
  const sections = texts
    .map(
      (part, index) => `<section lang="${part.language}">
<h${index === 0 ? '1' : '2'}>${escapeHtml(part.title)}</h${index === 0 ? '1' : '2'}>
<p>${escapeHtml(part.text)}</p>
<h${index === 0 ? '2' : '3'}>${escapeHtml(part.supportedTitle)}</h${index === 0 ? '2' : '3'}>
<ul>
${part.browsers.map((browser) => `<li>${escapeHtml(browser)}</li>`).join('\n')}
</ul>
<p>${escapeHtml(part.action)}</p>
</section>`,
    )
    .join('\n<hr>\n');
  return pageFrame({
    lang: first.language,
    title: `${first.title} · ${first.productName}`,
    stylesheet: `/${stylesheetFile}`,
    body: `<header>${escapeHtml(first.productName)}</header>
<main>
${sections}
</main>`,
  });
}

export function browserCheckPlugin(): Plugin {
  return {
    ...emitAtBuildServeInDev('cgm-browser-check', () => [
      { fileName: browserNotSupportedPath.replace(/^\//, ''), source: browserNotSupportedPage },
      { fileName: stylesheetFile, source: () => stylesheet },
    ]),
    // A classic script runs before the (deferred) module script wherever it sits in the head. It is inline: as a
    // file of its own it held up the first paint by a round trip (a script in the head must run before the body
    // is drawn), and on a phone's network that was the start screen's whole delay. The server's content security
    // policy lets exactly this text run, by its hash (server/http/inline-scripts.ts).
    transformIndexHtml: {
      order: 'pre',
      handler: async () => [{ tag: 'script', children: await browserCheckScript(), injectTo: 'head' }],
    },
  };
}
