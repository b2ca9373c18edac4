import type { Plugin } from 'vite';

/** Mantine's id hook (@mantine/hooks), which every labelled field, checkbox and popover of the library calls. */
const mantineUseId = /[\\/]node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * The id hook the built client gives Mantine: React's own id, as Mantine's hook starts with, kept. Mantine's hook then
 * swaps it for a random one in a layout effect, on every field's first render whether or not the field has an id of
 * its own: a state update React renders at once, inside the commit that put the page on screen. On the patient's
 * link page that second render of every field was half of the longest task of its start on a phone (issue 32).
 * React's ids are unique in the page and stable, which is all a label, a hint or an error message needs of them.
 */
export const useIdModule = `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/:/g, '');
}
`;

export function mantineUseIdPlugin(): Plugin {
  return {
    name: 'cgm-mantine-use-id',
    enforce: 'pre',
    load: (id) => (mantineUseId.test(id) ? useIdModule : null),
  };
}
