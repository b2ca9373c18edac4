import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { staticModules } from './first-download';
import { patientEntry } from './page-starts-plugin';
import { patientLinkChunk, patientLinkModules } from './patient-link-chunk';

const root = join(import.meta.dirname, '..');

/**
 * The build's two starts (issue 32, page-starts-plugin.ts): index.html's script src/main.tsx starts every page (with
 * what Vite adds to the page: the module preload polyfill), src/patient-main.tsx the patient's link page. The entries
 * stay in their own small files: the chunks below hold what they import, and a start that loads one of those must
 * not run the other's application.
 */
const pages = { staff: join(root, 'index.html'), patient: patientEntry } as const;
const entryScripts = new Set([...Object.values(pages), join(root, 'src/main.tsx')]);

/** The modules each start imports, directly or through others (not lazily), found once the build has read them all. */
const firstDownload = { staff: new Set<string>(), patient: new Set<string>() };

/** Fills `firstDownload` from the module graph before the chunks are made (vite.config.ts). */
export function firstDownloadPlugin(): Plugin {
  return {
    name: 'cgm-first-download',
    apply: 'build',
    async buildEnd() {
      for (const start of ['staff', 'patient'] as const) {
        firstDownload[start] = await staticModules(this, pages[start]);
      }
    },
  };
}

const firstOf = (start: keyof typeof firstDownload) => (id: string) =>
  !entryScripts.has(id) && firstDownload[start].has(id);

/** How the build groups modules into files (vite.config.ts, build.rolldownOptions.output.codeSplitting). */
export const codeSplitting: Rolldown.CodeSplittingOptions = {
  groups: [
    // React and the router change together and rarely: one long-cached chunk every page needs.
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
    // Everything a first download needs (what a page's script imports) in as few files as its page allows: those
    // modules are loaded before any lazily loaded page, so splitting them by the pages that also use them only
    // made twenty more files to download, each with its own headers (a patient's phone fetched 67 files). The
    // application's own start-up code (app, shell, the sign-in page) joins them: as the entry's own file it
    // compressed 1.8 KB worse than inside this one, and changes with it anyway. What both starts import comes
    // first, in one file; then what only the patient link's start imports (its page, its form, its notice), and
    // what only the start of every other page does (the sign-in page, the staff's routes, the offline cache).
    {
      name: 'start',
      test: (id) => firstOf('staff')(id) && firstOf('patient')(id),
      tags: ['$initial'],
      priority: 27,
    },
    { name: 'patient-start', test: firstOf('patient'), tags: ['$initial'], priority: 26 },
    {
      name: 'staff-start',
      // Vite's preload helper too: every lazily loaded page calls it, and the first page's code does.
      test: /node_modules|[\\/]src[\\/](shared|app|shell|features)[\\/]|[\\/]common[\\/]|vite[\\/]preload-helper|virtual:pwa-register/,
      tags: ['$initial'],
      priority: 25,
    },
    // What the patient's link page needs beyond the first download of every other page, in one file: split by
    // the set of pages that use each module, it came as twenty files of one or two kilobytes, and on a phone's
    // network each costs a round trip and its headers. Staff pages that use some of it load the whole file (small).
    {
      name: patientLinkChunk,
      test: patientLinkModules,
      priority: 22,
    },
    // Libraries and shared code go to chunks by the set of routes that use them, never into a feature's
    // chunk, so a page never downloads another feature (the patient link page loaded the staff pages'
    // chunks for the date library and Mantine components they shared).
    { name: 'vendor', test: /node_modules/, entriesAware: true, priority: 20 },
    { name: 'shared', test: /[\\/](src[\\/]shared|common)[\\/]/, entriesAware: true, priority: 10 },
  ],
};
