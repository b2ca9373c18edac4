export { ResourcesPage } from './resources-page';
export { useResourceConfig } from './api';
