export { EmptyState, LoadError, Loading } from './states';
