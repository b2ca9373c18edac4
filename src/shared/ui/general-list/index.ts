export { GeneralList, type GeneralListColumn, type GeneralListProps, type GeneralListSelection } from './general-list';
export { cardPageSize, searchDebounceMs, type ListPage, type ListShape, type ListSource } from './list-source';
export { listModeStorageKey, listModes, useListMode, type ListMode } from './use-list-mode';
