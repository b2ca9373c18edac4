import type {
  Device,
  DiagnosticReport,
  Observation,
  Patient,
  Practitioner,
  Provenance,
  ServiceRequest,
  Task,
} from '@medplum/fhirtypes';

/** Every resource the server emits (issue 38). */
export type FhirResource =
  Patient | Practitioner | ServiceRequest | Task | Observation | DiagnosticReport | Device | Provenance;

export type FhirResourceType = FhirResource['resourceType'];

/** The types the read API serves, in the order the CapabilityStatement lists them. */
export const fhirResourceTypes = [
  'Patient',
  'Practitioner',
  'ServiceRequest',
  'Task',
  'Observation',
  'DiagnosticReport',
  'Device',
  'Provenance',
] as const satisfies readonly FhirResourceType[];

export const isFhirResourceType = (type: string): type is FhirResourceType =>
  (fhirResourceTypes as readonly string[]).includes(type);

const usCore = 'http://hl7.org/fhir/us/core/StructureDefinition';

/**
 * The US Core 6.1.0 profile each type is emitted as (meta.profile) and validated against. US Core has no profile
 * for Task, or for a Device that is not implanted: those are validated against base R4.
 */
export const profiles: Readonly<Partial<Record<FhirResourceType, string>>> = {
  Patient: `${usCore}/us-core-patient`,
  Practitioner: `${usCore}/us-core-practitioner`,
  ServiceRequest: `${usCore}/us-core-servicerequest`,
  Observation: `${usCore}/us-core-observation-screening-assessment`,
  DiagnosticReport: `${usCore}/us-core-diagnosticreport-note`,
  Provenance: `${usCore}/us-core-provenance`,
};
