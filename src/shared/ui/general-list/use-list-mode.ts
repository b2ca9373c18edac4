import { useLocalStorage } from '@mantine/hooks';

export const listModes = ['grid', 'list', 'card'] as const;
export type ListMode = (typeof listModes)[number];

function isListMode(value: unknown): value is ListMode {
  return typeof value === 'string' && (listModes as readonly string[]).includes(value);
}

/** Spec §2: the mode is remembered per list in local storage (a preference, nothing about patients). */
export function listModeStorageKey(listId: string): string {
  return `cgm.listMode.${listId}`;
}

/**
 * The remembered mode of one list. Grid is offered only on wide screens (spec §2): on a narrow one a remembered grid
 * shows as the default mode, and the preference is kept for the next wide screen.
 */
export function useListMode(
  listId: string,
  defaultMode: Exclude<ListMode, 'grid'>,
  wide: boolean,
): { stored: ListMode; shown: ListMode; setMode: (mode: ListMode) => void } {
  const [stored, setStored] = useLocalStorage<ListMode>({
    key: listModeStorageKey(listId),
    defaultValue: defaultMode,
    getInitialValueInEffect: false,
    serialize: (mode) => mode,
    deserialize: (raw) => (isListMode(raw) ? raw : defaultMode),
  });
  return {
    stored,
    shown: stored === 'grid' && !wide ? defaultMode : stored,
    setMode: (mode) => {
      setStored(mode);
    },
  };
}
