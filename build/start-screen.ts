import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod/mini';
import { interfaceLanguages } from '#common/languages';
import { escapeHtml } from './html';

/**
 * The first paint of every client page comes from index.html itself, before any script has downloaded: on a slow
 * phone network the application's code takes seconds, and a blank page for that long reads as a broken link. The
 * build puts the general start screen in index.html (build/start-screen-plugin.ts); the server swaps in the patient
 * link page's own (server/routes/index-page.ts). Each text is there in every interface language, and only the part
 * in <html lang> shows: the inline browser check sets that to the language this browser chose before the body is
 * parsed, so a Spanish tablet never flashes English.
 */

const shellTexts = z.object({ productName: z.string(), loading: z.string() });
const assessmentsTexts = z.object({ login: z.object({ title: z.string(), intro: z.string() }) });

export interface StartScreenTexts {
  language: string;
  productName: string;
  loading: string;
  /** The patient link page's heading and the sentence under it (assessments.json `login.title` / `login.intro`). */
  patientLinkTitle: string;
  patientLinkIntro: string;
}

/** Reads the start screens' texts from a locales folder (the source's at build time, the built client's at run time). */
export function readStartScreenTexts(localesDir: string): StartScreenTexts[] {
  const read = (language: string, namespace: string): unknown =>
    JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8'));
  return interfaceLanguages.map((language) => {
    const shell = shellTexts.parse(read(language, 'shell'));
    const { login } = assessmentsTexts.parse(read(language, 'assessments'));
    return { language, ...shell, patientLinkTitle: login.title, patientLinkIntro: login.intro };
  });
}

/**
 * The start screens' look, inline in index.html's head. The general one is the shell's top bar (the colour and
 * height of its header, src/app/global.css .cgm-layout) with the product's name and a loading line. The patient link page's one is that
 * page's first lines laid out exactly as the page draws them (src/features/assessments/patient-login-page.tsx: no top
 * bar, the language row (48 px on patient pages), then the card with its heading and intro; Mantine's sizes: main's
 * padding md, on a phone no card around the text, from 36em the card's border, radius md, shadow sm, padding xl, a
 * maximum width of 760 px; the heading at h2 size, the text at 18 px as on every patient page, global.css), so the
 * patient reads what the link is for at once and nothing moves when the page replaces it.
 */
export function startScreenStyle(languages: readonly string[] = interfaceLanguages): string {
  const shown = languages.map((language) => `html[lang='${language}'] .cgm-start [lang='${language}']`).join(', ');
  return `body { margin: 0; }
.cgm-start { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; color: #1a1a1a; }
.cgm-start [lang] { display: none; }
${shown} { display: block; }
.cgm-start-bar { height: 56px; background: #1c4e80; color: #fff; font-weight: 700; padding: 0 16px; display: flex; align-items: center; }
.cgm-start-main { padding: 20vh 16px 0; text-align: center; }
.cgm-start-name { margin: 0; font-size: 2rem; font-weight: 700; color: #1c4e80; line-height: 1.25; }
.cgm-start-status { margin: 1rem 0 0; font-size: 1rem; color: #495057; }
.cgm-start-page { padding: 16px; color: #000; font-size: 18px; line-height: 1.55; }
.cgm-start-language-row { height: 48px; }
.cgm-start-card { box-sizing: border-box; max-width: 760px; margin: 16px auto 0; background: #fff; }
@media (min-width: 36em) { .cgm-start-card { padding: 32px; border: 1px solid #dee2e6; border-radius: 8px; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.05), 0 10px 15px -5px rgba(0, 0, 0, 0.05), 0 7px 7px -5px rgba(0, 0, 0, 0.04); } }
.cgm-start-title { margin: 0; font-size: 26px; line-height: 1.35; font-weight: 700; }
.cgm-start-intro { margin: 16px 0 0; }
.cgm-start-card .cgm-start-status { text-align: start; }`;
}

function inEachLanguage(
  texts: readonly StartScreenTexts[],
  pick: (part: StartScreenTexts) => string,
  element: (language: string, text: string) => string,
): string {
  return texts.map((part) => element(part.language, escapeHtml(pick(part)))).join('');
}

const span = (language: string, text: string) => `<span lang="${language}">${text}</span>`;

/** Marks the start screen inside #root, so the server can swap in a page's own (React's first render clears it all). */
const startMarker = '<!--start-screen-->';
const endMarker = '<!--/start-screen-->';

export function startScreenHtml(texts: readonly StartScreenTexts[]): string {
  return `${startMarker}<div class="cgm-start">
      <div class="cgm-start-bar">${inEachLanguage(texts, (part) => part.productName, span)}</div>
      <div class="cgm-start-main">
        <p class="cgm-start-name">${inEachLanguage(texts, (part) => part.productName, span)}</p>
        <p class="cgm-start-status" role="status">${inEachLanguage(texts, (part) => part.loading, span)}</p>
      </div>
    </div>${endMarker}`;
}

/** The patient link page's first lines: its heading and what the link is for, then that the rest is loading. */
export function patientLinkStartScreenHtml(texts: readonly StartScreenTexts[]): string {
  return `${startMarker}<div class="cgm-start cgm-start-page">
      <div class="cgm-start-language-row"></div>
      <div class="cgm-start-card">
        ${inEachLanguage(
          texts,
          (part) => part.patientLinkTitle,
          (language, text) => `<h1 class="cgm-start-title" lang="${language}">${text}</h1>`,
        )}
        ${inEachLanguage(
          texts,
          (part) => part.patientLinkIntro,
          (language, text) => `<p class="cgm-start-intro" lang="${language}">${text}</p>`,
        )}
        <p class="cgm-start-status" role="status">${inEachLanguage(texts, (part) => part.loading, span)}</p>
      </div>
    </div>${endMarker}`;
}

/** index.html with another start screen in place of the one the build put there (a page without one stays as it is). */
export function withStartScreen(html: string, startScreen: string): string {
  const start = html.indexOf(startMarker);
  const end = html.indexOf(endMarker, start);
  if (start < 0 || end < 0) return html;
  return html.slice(0, start) + startScreen + html.slice(end + endMarker.length);
}
