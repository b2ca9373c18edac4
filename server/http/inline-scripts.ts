import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A `<script>` with no src attribute: its text is the script. */
const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP source that lets exactly this script text run inline ('sha256-…'). */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** The hash sources of the inline scripts of an HTML text. */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(inlineScript)].map((match) => scriptHashSource(match[1] ?? ''));
}

/**
 * The inline scripts the built client's index.html carries (build/browser-check-plugin.ts: the browser check and
 * the language of the start screen run before anything is downloaded), read again whenever a build replaces the
 * file. Only they may run inline: the policy names each by its hash, never 'unsafe-inline'.
 */
export function clientInlineScripts(clientDir: string): () => readonly string[] {
  const indexFile = path.join(clientDir, 'index.html');
  let read: { mtimeMs: number; sources: readonly string[] } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(indexFile).mtimeMs;
    } catch {
      return [];
    }
    if (read?.mtimeMs !== mtimeMs) {
      read = { mtimeMs, sources: inlineScriptSources(readFileSync(indexFile, 'utf8')) };
    }
    return read.sources;
  };
}
