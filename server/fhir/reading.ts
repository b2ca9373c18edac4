import type { CardTask, Composite } from '#common/contract';
import { renderReportPdf, reportPdfFileName } from '../documents/report-pdf';
import { reportContent } from '../runner/report-content';
import { pickLocale } from '../runner/texts';
import { recordAudit } from '../audit/audit';
import type { Db } from '../db/db';
import {
  findFhirPatients,
  findFhirStaff,
  findOrderPatient,
  findPatientProviderService,
  staffSeenInProviderServices,
} from '../db/queries/fhir';
import { reaches, type FhirAccess } from './access';
import { chartPartsFor, loadCharts, wholeChart, type ChartParts } from './charts';
import { chartResources, resourcesOfType, toDevice, toPractitioner, type PatientChart } from './mapping';
import { fhirInvalid, fhirNotFound } from './outcome';
import type { FhirResource, FhirResourceType } from './profiles';
import { matchesSearch, parseRecordId, parseSearch, testMatchesDates } from './search';

/**
 * Issue 38: the read API's domain. Every answer is built by the same mapping from the patient's chart (the same
 * resources as $everything and $export), so a resource read alone and one read in a bundle never differ; a read or
 * search reads only the parts of the chart its type is made of, and maps only the tests it may answer. Every read
 * is written to the audit trail before it is answered.
 */

/** FHIR's id syntax; an id of another shape is malformed (400), one of this shape that is not ours is missing (404). */
const idSyntax = /^[A-Za-z0-9\-.]{1,64}$/;

const observationParts: readonly (Composite | CardTask | 'validity')[] = [
  'psychomotorAttention',
  'learningWorkingMemory',
  'detection',
  'identification',
  'oneCardLearning',
  'oneBack',
  'validity',
];
const deviceClasses = ['phone', 'tablet', 'desktop'] as const;

/**
 * The patient whose chart holds a resource, and the order it was made of (none for a Patient), from its id alone;
 * null when the id cannot be one of ours.
 */
async function owningPatient(
  db: Db,
  type: FhirResourceType,
  id: string,
): Promise<{ patientId: number; orderId: number | null } | null> {
  if (type === 'Patient') {
    const patientId = parseRecordId(id);
    return patientId === null ? null : { patientId, orderId: null };
  }
  const orderPart = type === 'Observation' ? /^(\d+)-([A-Za-z]+)$/.exec(id) : [id, id, null];
  if (!orderPart) return null;
  const [, orderText, part] = orderPart;
  if (part !== null && !(observationParts as readonly (string | undefined)[]).includes(part)) return null;
  const orderId = parseRecordId(orderText ?? '');
  if (orderId === null) return null;
  const owner = await findOrderPatient(db, orderId);
  return owner ? { patientId: owner.patientId, orderId } : null;
}

/** The charts of the patients the access reaches among these ids (others are left out, as if missing). */
async function reachableCharts(
  db: Db,
  access: FhirAccess,
  patientIds: readonly number[],
  parts: ChartParts,
): Promise<PatientChart[]> {
  const patients = (await findFhirPatients(db, patientIds)).filter((patient) =>
    reaches(access, patient.providerServiceId),
  );
  return loadCharts(db, patients, { parts });
}

function patientIdsOf(resources: readonly FhirResource[]): number[] {
  const ids = new Set<number>();
  for (const resource of resources) {
    const reference =
      resource.resourceType === 'Patient'
        ? `Patient/${resource.id ?? ''}`
        : resource.resourceType === 'Task'
          ? resource.for?.reference
          : 'subject' in resource
            ? resource.subject?.reference
            : undefined;
    const id = parseRecordId(reference?.replace(/^Patient\//, '') ?? '');
    if (id !== null) ids.add(id);
  }
  return [...ids];
}

async function audit(
  db: Db,
  access: FhirAccess,
  patientIds: readonly number[],
  entity: string,
  entityId?: string,
): Promise<void> {
  await recordAudit(db, access.audit, {
    action: 'fhir.read',
    patientIds,
    entity,
    ...(entityId === undefined ? {} : { entityId }),
  });
}

/** GET /fhir/R4/{type}/{id}. */
export async function readFhirResource(
  db: Db,
  access: FhirAccess,
  type: FhirResourceType,
  id: string,
): Promise<FhirResource> {
  if (!idSyntax.test(id)) throw fhirInvalid(`'${id}' is not a FHIR id`);
  if (type === 'Device') {
    const deviceClass = deviceClasses.find((name) => name === id);
    if (!deviceClass) throw fhirNotFound();
    await audit(db, access, [], type, id);
    return toDevice(deviceClass);
  }
  if (type === 'Practitioner') {
    const staffId = parseRecordId(id);
    if (staffId === null || !(await staffSeenInProviderServices(db, staffId, access.providerServiceIds))) {
      throw fhirNotFound();
    }
    const [staff] = await findFhirStaff(db, [staffId]);
    if (!staff) throw fhirNotFound();
    await audit(db, access, [], type, id);
    return toPractitioner(staff);
  }
  const owner = await owningPatient(db, type, id);
  if (owner === null) throw fhirNotFound();
  const { patientId, orderId } = owner;
  const providerServiceId = await findPatientProviderService(db, patientId);
  if (providerServiceId === null || !reaches(access, providerServiceId)) throw fhirNotFound();
  const [chart] = await reachableCharts(db, access, [patientId], chartPartsFor(type));
  // Only the resources of the order the id names are mapped (a test's observations, report and provenance).
  const resource = chart
    ? resourcesOfType(chart, type, (test) => test.finished.orderId === orderId).find((item) => item.id === id)
    : undefined;
  if (!resource) throw fhirNotFound();
  await audit(db, access, [patientId], type, id);
  return resource;
}

/** GET /fhir/R4/{type}?…: the matching resources of the patient (or patients, for Patient?_id=). */
export async function searchFhirResources(
  db: Db,
  access: FhirAccess,
  type: FhirResourceType,
  query: Record<string, unknown>,
): Promise<FhirResource[]> {
  const search = parseSearch(type, query);
  const charts = await reachableCharts(db, access, search.patientIds, chartPartsFor(type));
  const found = charts
    .flatMap((chart) => resourcesOfType(chart, type, (test) => testMatchesDates(test, search)))
    .filter((resource) => matchesSearch(resource, search));
  await audit(db, access, patientIdsOf(found), type);
  return found;
}

/** GET /fhir/R4/Patient/{id}/$everything: every resource of the patient's chart. */
export async function patientEverything(db: Db, access: FhirAccess, id: string): Promise<FhirResource[]> {
  if (!idSyntax.test(id)) throw fhirInvalid(`'${id}' is not a FHIR id`);
  const patientId = parseRecordId(id);
  if (patientId === null) throw fhirNotFound();
  const [chart] = await reachableCharts(db, access, [patientId], wholeChart);
  if (!chart) throw fhirNotFound();
  const resources = chartResources(chart);
  await audit(db, access, [patientId], 'Patient', `${id}/$everything`);
  return resources;
}

/**
 * GET /fhir/R4/Binary/report-{orderId}: the report PDF a DiagnosticReport's presentedForm points at, as it stood
 * when that test was done (the tests up to it), in the language the test was taken in.
 */
export async function readReportPdf(
  db: Db,
  access: FhirAccess,
  id: string,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  if (!idSyntax.test(id)) throw fhirInvalid(`'${id}' is not a FHIR id`);
  const orderId = parseRecordId(/^report-(\d+)$/.exec(id)?.[1] ?? '');
  if (orderId === null) throw fhirNotFound();
  const owner = await findOrderPatient(db, orderId);
  if (!owner || !reaches(access, owner.providerServiceId)) throw fhirNotFound();
  const [chart] = await reachableCharts(db, access, [owner.patientId], chartPartsFor('DiagnosticReport'));
  const index = chart ? chart.tests.findIndex((test) => test.finished.orderId === orderId) : -1;
  const test = chart?.tests[index];
  if (!chart || !test) throw fhirNotFound();
  const content = reportContent(
    pickLocale(test.finished.language ?? chart.patient.defaultLanguage),
    chart.patient,
    chart.tests.slice(0, index + 1).map((item) => item.scored),
  );
  const bytes = await renderReportPdf(content);
  await audit(db, access, [owner.patientId], 'Binary', id);
  return { bytes, fileName: reportPdfFileName(content) };
}
