import { createHash } from 'node:crypto';
import type { BuiltIndex, BuiltIndexReader } from './built-index';

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
 * the language of the start screen run before anything is downloaded), hashed once per build. Only they may run
 * inline: the policy names each by its hash, never 'unsafe-inline'.
 */
export function clientInlineScripts(index: BuiltIndexReader): () => Promise<readonly string[]> {
  const hashed = new WeakMap<BuiltIndex, readonly string[]>();
  return async () => {
    const built = await index();
    if (!built) return [];
    let sources = hashed.get(built);
    if (!sources) {
      sources = inlineScriptSources(built.html);
      hashed.set(built, sources);
    }
    return sources;
  };
}
