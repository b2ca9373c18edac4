import type { Rolldown } from 'vite';
import { patientLinkChunk, patientLinkModules } from './patient-link-chunk';

/** How the build groups modules into files (vite.config.ts, build.rolldownOptions.output.codeSplitting). */
export const codeSplitting: Rolldown.CodeSplittingOptions = {
  groups: [
    // React and the router change together and rarely: one long-cached chunk every page needs.
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
    // Everything the first download needs (what index.html's script imports) in one file: those modules are
    // loaded before any lazily loaded page, so splitting them by the pages that also use them only made
    // twenty more files to download, each with its own headers (a patient's phone fetched 67 files). The
    // application's own start-up code (app, shell, the sign-in page) joins them: as the entry's own file it
    // compressed 1.8 KB worse than inside this one, and changes with it anyway.
    {
      name: 'start',
      // Vite's preload helper too: every lazily loaded page calls it, and the first page's code does.
      test: /node_modules|[\\/]src[\\/](shared|app|shell|features)[\\/]|[\\/]common[\\/]|vite[\\/]preload-helper|virtual:pwa-register/,
      tags: ['$initial'],
      priority: 25,
    },
    // What the patient's link page needs beyond the first download, in one file: split by the set of pages
    // that use each module, it came as twenty files of one or two kilobytes, and on a phone's network each
    // costs a round trip and its headers. Staff pages that use some of it load the whole file (small).
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
