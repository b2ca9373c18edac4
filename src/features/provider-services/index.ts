export { ProviderServicesPage } from './provider-services-page';
export { AddProviderServicePage, EditProviderServicePage } from './provider-service-edit-pages';
export { ManageHomePage, ProviderServiceSwitchPage, providerServiceRedirectMs } from './current-provider-service';
export { useVisibleProviderServices } from './api';
