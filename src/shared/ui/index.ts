export { EmptyState, LoadError, Loading, LoadingText, Notice } from './states';
export { NewTabHint, NewTabLink } from './new-tab';
