export { GeneralList, type GeneralListProps, type GeneralListSelection } from './general-list';
export { ListSearch, MoreLink, useGrowingPages } from './list-parts';
export { ListGrid, type GeneralListColumn, type ListSort } from './list-grid';
export {
  cardPageSize,
  providerGridColumnWidth,
  searchDebounceMs,
  type ListPage,
  type ListShape,
  type ListSource,
} from './list-source';
export { listModeStorageKey, listModes, useListMode, type ListMode } from './use-list-mode';
