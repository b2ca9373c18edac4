import type { Plugin } from 'vite';
import { readStartScreenTexts, startScreenHtml, startScreenStyle } from './start-screen';
import { localesDir } from './locales-plugin';
import { pageStartsPlugin } from './page-starts-plugin';

/**
 * The first paint comes from index.html itself (start-screen.ts says why and how); the scripts and stylesheets of the
 * start the address calls for follow it (page-starts-plugin.ts). The service worker precaches index.html, so an
 * offline start shows it too.
 */
export function startScreenPlugin(): Plugin[] {
  return [startScreen(), pageStartsPlugin()];
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
