import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** The built client's index.html as one build wrote it. */
export interface BuiltIndex {
  html: string;
  mtimeMs: number;
}

/** Answers the current BuiltIndex (the same object until a build replaces the file), or null while there is none. */
export type BuiltIndexReader = () => Promise<BuiltIndex | null>;

/**
 * The one reader of the built client's index.html: the page the server answers to client routes
 * (routes/index-page.ts) and the inline scripts the pages' policy allows (inline-scripts.ts) both derive from it,
 * and it reads the file again only when a build replaces it (its modification time).
 */
export function builtIndexReader(clientDir: string): BuiltIndexReader {
  const indexFile = path.join(clientDir, 'index.html');
  let current: BuiltIndex | null = null;
  return async () => {
    const stats = await stat(indexFile).catch(() => null);
    if (!stats) return null;
    if (current?.mtimeMs !== stats.mtimeMs) {
      current = { html: await readFile(indexFile, 'utf8'), mtimeMs: stats.mtimeMs };
    }
    return current;
  };
}
