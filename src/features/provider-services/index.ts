export { ProviderServicesPage } from './provider-services-page';
