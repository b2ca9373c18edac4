import type { Db } from '../db/db';
import { pageProviderServicePatients } from '../db/queries/fhir';
import { loadCharts } from './charts';
import {
  chartDevices,
  chartPractitioners,
  testResources,
  toPatient,
  toServiceRequest,
  toTask,
  type PatientChart,
} from './mapping';
import type { FhirResource, FhirResourceType } from './profiles';

/** Patients read per page: a few statements per page, and never more than one page of charts in memory. */
export const streamPageSize = 200;

/** The resources of one type in one chart (Practitioner and Device come from the stream, once each). */
function resourcesOfType(chart: PatientChart, type: FhirResourceType): FhirResource[] {
  switch (type) {
    case 'Patient':
      return [toPatient(chart.patient)];
    case 'ServiceRequest':
      return chart.orders.map((row) => toServiceRequest(chart, row));
    case 'Task':
      return chart.orders.map((row) => toTask(chart, row));
    case 'Practitioner':
      return chartPractitioners(chart);
    case 'Device':
      return chartDevices(chart);
    case 'Observation':
    case 'DiagnosticReport':
    case 'Provenance':
      return chart.tests.flatMap((test) => testResources(chart, test)).filter((item) => item.resourceType === type);
  }
}

/**
 * Issue 38 (for $export): every resource of one type over one provider service's patients, deactivated ones
 * included, patient by patient in id order. Keyset paged (each page starts where the last stopped), so memory
 * holds one page of charts however large the clinic. A Practitioner or Device several patients share comes once.
 */
export async function* streamProviderServiceResources(
  db: Db,
  providerServiceId: number,
  type: FhirResourceType,
  pageSize: number = streamPageSize,
): AsyncIterable<FhirResource> {
  const shared = type === 'Practitioner' || type === 'Device' ? new Set<string>() : null;
  let afterId = 0;
  for (;;) {
    const patients = await pageProviderServicePatients(db, providerServiceId, afterId, pageSize);
    const last = patients.at(-1);
    if (!last) return;
    afterId = last.id;
    // Patients need nothing else: no point reading their orders and tests.
    const charts =
      type === 'Patient'
        ? patients.map((patient) => ({ patient, orders: [], tests: [], staff: new Map() }))
        : await loadCharts(db, patients);
    for (const chart of charts) {
      for (const resource of resourcesOfType(chart, type)) {
        if (shared) {
          if (shared.has(resource.id ?? '')) continue;
          shared.add(resource.id ?? '');
        }
        yield resource;
      }
    }
    if (patients.length < pageSize) return;
  }
}
