export { EmptyState, LoadError, Loading, Notice } from './states';
