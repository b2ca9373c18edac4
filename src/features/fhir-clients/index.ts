export { FhirClientsPage } from './fhir-clients-page';
