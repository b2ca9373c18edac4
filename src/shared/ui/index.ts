export { EmptyState, LoadError, Loading, Notice, PageData } from './states';
export { NewTabHint, NewTabLink } from './new-tab';
