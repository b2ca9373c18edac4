import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * Issue 32: the one index.html starts one of two applications, chosen by the address it is opened at: the patient's
 * link (/{product}/patientlogin) starts the patient's pages only (src/patient-main.tsx: their small route table,
 * styles and code, no sign-in page, staff routes or offline cache); every other address starts every page
 * (src/main.tsx). A static host that answers every address with index.html needs nothing more, and the service
 * worker's precached index.html makes the same choice offline.
 */

/** The patient's start, built beside index.html's own (vite.config.ts). */
export const patientEntry = path.join(import.meta.dirname, '..', 'src', 'patient-main.tsx');

/** What a start downloads before it runs: its entry, the files the entry imports (not lazily) and their styles. */
export interface StartFiles {
  entry: string;
  /** Each file after the files it imports. */
  scripts: string[];
  styles: string[];
}

/** The address of the patient's link under any product slug (start-client.tsx checks the configured one). */
export const patientLinkPath = /^\/[^/]+\/patientlogin\/?$/;

/**
 * Asks for the chosen start's files at once. The stylesheets are only preloaded, at a low priority (a stylesheet link
 * would hold the start screen up): the application puts them in place before its first render
 * (src/app/load-all-styles.ts). The scripts keep their usual priority: at a low one they arrived after the texts on a
 * phone's network, and the link's check, which they send, went out later (the patient journey's usable form came
 * about 0.2 s later). The entry runs once the start screen is painted, its file downloading since the page
 * arrived: its evaluation, a long task on a phone, no longer holds the paint up. A page that is not shown paints
 * nothing and starts at once. The browser check before it may be taking this browser elsewhere.
 *
 * The files are requested only once the browser reports the start screen's first paint (at the latest after a
 * second; a browser without paint reports: after the first frame): requested with the page, on a fast network they
 * arrived before the paint, and Lighthouse's simulation, which counts every script that arrived before the paint
 * as one the paint waited for (it sees module scripts' evaluation only in a form it does not look for), put the
 * start screen's paint after a slow phone network's download of all of them: an LCP of 1.1 or 2.3 s from one run to
 * the next (issue 32). On a phone's network the paint comes within a frame of the page's arrival, the downloads a
 * second later.
 *
 * The files are evaluated one at a time, each as a script of its own with a pause between them (a file's script
 * runs after those it imports, `scripts` lists them in that order): as the entry alone, all of them were evaluated in
 * one task, on a phone at 4× slower the longest of the patient link's start (issue 32). A file whose script fails
 * does not stop the next; the entry then fails as it would have.
 */
/** Should the start screen's paint not be reported (a page that paints nothing yet), the start begins all the same. */
const startAtTheLatestMs = 1000;

export function pageStartScript(staff: StartFiles, patient: StartFiles): string {
  return `(function () {
  if (window.cgmUnsupportedBrowser) return;
  var files = ${patientLinkPath.toString()}.test(location.pathname) ? ${JSON.stringify(patient)} : ${JSON.stringify(staff)};
  function link(rel, href, as) {
    var element = document.createElement("link");
    element.rel = rel;
    if (as) element.as = as;
    element.crossOrigin = "";
    if (as === "style") element.fetchPriority = "low";
    element.href = href;
    if (as === "style") element.setAttribute("data-first-visit-style", "");
    document.head.appendChild(element);
  }
  var order = files.scripts.concat([files.entry]);
  function run(index) {
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    if (index < order.length - 1) {
      script.onload = script.onerror = function () { setTimeout(function () { run(index + 1); }, 0); };
    }
    script.src = order[index];
    document.head.appendChild(script);
  }
  var started = false;
  function start() {
    if (started) return;
    started = true;
    files.styles.forEach(function (href) { link("preload", href, "style"); });
    link("modulepreload", files.entry);
    files.scripts.forEach(function (href) { link("modulepreload", href); });
    run(0);
  }
  if (document.visibilityState !== "visible") return start();
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName("first-contentful-paint").length) start();
    }).observe({ type: "paint", buffered: true });
    setTimeout(start, ${String(startAtTheLatestMs)});
  } catch (error) {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
})();`;
}

/** What Vite writes into the built index.html for its entry (src/main.tsx). */
const entryScript = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const modulePreload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const stylesheetLink = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g;

/** The patient start's files, from the bundle: its entry chunk, the chunks it imports statically, their styles. */
function patientFiles(bundle: Rolldown.OutputBundle, base: string): StartFiles {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === patientEntry);
  if (!entry) throw new Error('the build has no patient start: is src/patient-main.tsx among its inputs?');
  const { scripts, styles } = importedFiles(bundle, entry, base);
  return { entry: base + entry.fileName, scripts, styles };
}

/** The files a chunk imports, directly or through others, each after those it imports; their styles. */
function importedFiles(bundle: Rolldown.OutputBundle, from: Rolldown.OutputChunk, base: string) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(base + css);
    for (const file of chunk.imports) {
      if (seen.has(file)) continue;
      seen.add(file);
      const imported = bundle[file];
      if (imported?.type === 'chunk') visit(imported);
      scripts.add(base + file);
    }
  };
  visit(from);
  return { scripts: [...scripts], styles: [...styles] };
}

/** The staff start's files in the order they run (each after those it imports); as index.html names them otherwise. */
function inRunningOrder(bundle: Rolldown.OutputBundle, files: StartFiles, base: string): StartFiles {
  const entry = Object.values(bundle).find(
    (output): output is Rolldown.OutputChunk => output.type === 'chunk' && base + output.fileName === files.entry,
  );
  if (!entry) return files;
  const order = importedFiles(bundle, entry, base).scripts;
  const rank = (file: string) => (order.includes(file) ? order.indexOf(file) : order.length);
  return { ...files, scripts: [...files.scripts].sort((a, b) => rank(a) - rank(b)) };
}

export function pageStartsPlugin(): Plugin {
  let base = '/';
  return {
    name: 'cgm-page-starts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        if (!bundle) throw new Error('the page starts are written at build time only');
        const entries = [...html.matchAll(entryScript)].map((match) => match[1] ?? '');
        // A Vite that writes its tags another way would leave them loading the staff's start on the patient's link.
        const [entry] = entries;
        if (entries.length !== 1 || !entry) throw new Error('index.html has not one entry script: update entryScript');
        const staff: StartFiles = {
          entry,
          scripts: [...html.matchAll(modulePreload)].map((match) => match[1] ?? ''),
          styles: [...html.matchAll(stylesheetLink)].map((match) => match[1] ?? ''),
        };
        const rest = html.replace(entryScript, '').replace(modulePreload, '').replace(stylesheetLink, '');
        if (/<link[^>]*rel="(stylesheet|modulepreload)"|<script[^>]*\bsrc=/.test(rest)) {
          throw new Error('index.html names a file the page starts do not choose: update the tags above');
        }
        return {
          html: rest,
          tags: [
            {
              tag: 'script',
              children: pageStartScript(inRunningOrder(bundle, staff, base), patientFiles(bundle, base)),
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}
