import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import { productBase } from './codes';
import { fhirResourceTypes, profiles } from './profiles';
import { searchParams } from './search';

/**
 * Issue 38: GET /fhir/R4/metadata, exactly what the API offers. The security section and the $export operation
 * are the SMART Backend Services and bulk export part (filled in where they are served); until then the
 * statement names only the staff session.
 */
export interface CapabilityOptions {
  /** The base URL of the FHIR API (…/fhir/R4). */
  base: string;
  version: string;
  /** Added by the backend services part: the SMART token endpoint (security.extension oauth-uris). */
  smartTokenUrl?: string;
  /** Added by the bulk export part: the system-level $export operation. */
  bulkExport?: boolean;
}

const usCoreVersion = 'http://hl7.org/fhir/us/core/CapabilityStatement/us-core-server';

export function capabilityStatement(options: CapabilityOptions): CapabilityStatement {
  const resources: CapabilityStatementRestResource[] = fhirResourceTypes.map((type) => {
    const params = searchParams[type] ?? [];
    const profile = profiles[type];
    return {
      type,
      ...(profile === undefined ? {} : { supportedProfile: [profile] }),
      interaction: [{ code: 'read' }, ...(params.length > 0 ? [{ code: 'search-type' as const }] : [])],
      versioning: 'no-version',
      readHistory: false,
      updateCreate: false,
      conditionalRead: 'not-supported',
      searchParam: params.map((param) => ({
        name: param.name,
        type: param.type,
        documentation: param.documentation,
      })),
      ...(type === 'Patient'
        ? {
            operation: [
              {
                name: 'everything',
                definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything',
                documentation: "Every resource of the patient's chart, as a searchset Bundle (no parameters).",
              },
            ],
          }
        : {}),
    };
  });
  resources.push({
    type: 'Binary',
    interaction: [{ code: 'read' }],
    documentation:
      'Binary/report-{id}: the report PDF a DiagnosticReport presentedForm names, served as application/pdf.',
  });
  const security = {
    cors: false,
    description:
      'A staff session of the web client (the authToken header) whose role may view reports reads the patients of ' +
      'its provider services.' +
      (options.smartTokenUrl ? ' Backend services use SMART Backend Services (client_credentials, system/*.rs).' : ''),
    ...(options.smartTokenUrl
      ? {
          service: [
            {
              coding: [
                { system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' },
              ],
            },
          ],
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [{ url: 'token', valueUri: options.smartTokenUrl }],
            },
          ],
        }
      : {}),
  };
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-26',
    publisher: 'cgm-web-client reference server',
    kind: 'instance',
    instantiates: [usCoreVersion],
    software: { name: 'cgm-web-client reference server', version: options.version },
    implementation: { description: 'Read-only FHIR R4 API of the cognitive assessments', url: options.base },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    implementationGuide: ['http://hl7.org/fhir/us/core/ImplementationGuide/hl7.fhir.us.core|6.1.0'],
    rest: [
      {
        mode: 'server',
        documentation: `Product code systems under ${productBase}/CodeSystem/ (see the README, FHIR).`,
        security,
        resource: resources,
        ...(options.bulkExport
          ? {
              operation: [{ name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export' }],
            }
          : {}),
      },
    ],
  };
}
