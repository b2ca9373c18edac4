/** What the walk needs of the build's plugin context. */
interface ModuleGraph {
  getModuleInfo: (id: string) => { code: string | null; importedIds: readonly string[] } | null;
  resolve: (source: string, importer: string) => Promise<{ id: string } | null>;
}

/** The names a module imports from another, or every name ('all': a namespace, a side effect, a re-export of all). */
type Names = ReadonlySet<string> | 'all';

interface Declaration {
  source: string;
  names: Names;
}

const comment = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const importFrom = /\bimport\s+(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s*as\s+[\w$]+)?\s*from\s*["']([^"']+)["'];?/g;
const importBare = /\bimport\s*["']([^"']+)["'];?/g;
const exportFrom = /\bexport\s*(?:\{([^}]*)\}|\*(?:\s*as\s+[\w$]+)?)\s*from\s*["']([^"']+)["'];?/g;
const exportLocal = /\bexport\s*\{([^}]*)\}\s*;?/g;

/** `a as b, c` as [imported or local name, name on the other side] pairs. */
const pairs = (list: string): [string, string][] =>
  list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => {
      const [from = '', to = from] = part.split(/\s+as\s+/);
      return [from.trim(), to.trim()];
    });

/**
 * A module's static imports with the names it takes from each, and, when the module does nothing but re-export
 * (a library's or a folder's index), what each exported name comes from.
 */
function readModule(code: string): { imports: Declaration[]; reexports: Map<string, Declaration[]> | null } {
  const text = code.replace(comment, '');
  const imports: Declaration[] = [];
  const locals = new Map<string, Declaration>();
  const reexports = new Map<string, Declaration[]>();
  const add = (name: string, declaration: Declaration) => {
    reexports.set(name, [...(reexports.get(name) ?? []), declaration]);
  };
  for (const [, defaultName, list, source = ''] of text.matchAll(importFrom)) {
    const names = new Set<string>();
    if (defaultName) {
      names.add('default');
      locals.set(defaultName, { source, names: new Set(['default']) });
    }
    for (const [imported, local] of pairs(list ?? '')) {
      names.add(imported);
      locals.set(local, { source, names: new Set([imported]) });
    }
    // A namespace import takes everything.
    imports.push({ source, names: !defaultName && list === undefined ? 'all' : names });
  }
  for (const [, source = ''] of text.matchAll(importBare)) imports.push({ source, names: 'all' });
  for (const [, list, source = ''] of text.matchAll(exportFrom)) {
    if (list === undefined) {
      imports.push({ source, names: 'all' });
      add('*', { source, names: 'all' });
      continue;
    }
    const taken = pairs(list);
    imports.push({ source, names: new Set(taken.map(([imported]) => imported)) });
    for (const [imported, exported] of taken) add(exported, { source, names: new Set([imported]) });
  }
  const rest = text.replace(importFrom, '').replace(importBare, '').replace(exportFrom, '');
  for (const [, list = ''] of rest.matchAll(exportLocal)) {
    for (const [local, exported] of pairs(list)) {
      const from = locals.get(local);
      if (from) add(exported, from);
    }
  }
  const onlyReexports = rest.replace(exportLocal, '').trim() === '' && reexports.size > 0;
  return { imports, reexports: onlyReexports ? reexports : null };
}

/**
 * The modules a page's script imports, directly or through others, not lazily, counting of an index module (one that
 * only re-exports, such as @mantine/core's) only the modules behind the names taken from it: through Mantine's
 * index every page would otherwise import every component of the library.
 */
export async function staticModules(context: ModuleGraph, entry: string): Promise<Set<string>> {
  const found = new Set<string>();
  const whole = new Set<string>();
  const namesSeen = new Map<string, Set<string>>();
  const resolved = new Map<string, string | null>();
  const resolve = async (source: string, importer: string): Promise<string | null> => {
    const key = `${importer}\n${source}`;
    if (!resolved.has(key)) resolved.set(key, (await context.resolve(source, importer))?.id ?? null);
    return resolved.get(key) ?? null;
  };
  const visit = async (id: string, names: Names): Promise<void> => {
    const info = context.getModuleInfo(id);
    const read = info?.code ? readModule(info.code) : null;
    if (whole.has(id)) return;
    if (read?.reexports && names !== 'all') {
      found.add(id);
      const seen = namesSeen.get(id) ?? new Set<string>();
      namesSeen.set(id, seen);
      for (const name of names) {
        if (seen.has(name)) continue;
        seen.add(name);
        for (const from of read.reexports.get(name) ?? read.reexports.get('*') ?? []) {
          const target = await resolve(from.source, id);
          if (target) await visit(target, from.names === 'all' ? new Set([name]) : from.names);
        }
      }
      return;
    }
    whole.add(id);
    found.add(id);
    const reached = new Set<string>();
    for (const declaration of read?.imports ?? []) {
      const target = await resolve(declaration.source, id);
      if (!target) continue;
      reached.add(target);
      await visit(target, declaration.names);
    }
    // What the code does not name (a style sheet, a helper the build injected) is taken whole.
    for (const other of info?.importedIds ?? []) if (!reached.has(other)) await visit(other, 'all');
  };
  await visit(entry, 'all');
  return found;
}
