export { EmptyState, LoadError, Loading, LoadingText, Notice, PageData } from './states';
export { NewTabHint, NewTabLink } from './new-tab';
