import type { Db } from '../db/db';
import { pageProviderServicePatients } from '../db/queries/fhir';
import { chartPartsFor, loadCharts } from './charts';
import { resourcesOfType } from './mapping';
import type { FhirResource, FhirResourceType } from './profiles';

/** Patients read per page: a few statements per page, and never more than one page of charts in memory. */
export const streamPageSize = 200;

/**
 * Issue 38 (for $export): every resource of one type over one provider service's patients, deactivated ones
 * included, patient by patient in id order. Keyset paged (each page starts where the last stopped), so memory
 * holds one page of charts however large the clinic. A Practitioner or Device several patients share comes once,
 * and is no one patient's; every other resource comes with the patient whose chart it is of.
 */
export async function* streamProviderServiceResources(
  db: Db,
  providerServiceId: number,
  type: FhirResourceType,
  pageSize: number = streamPageSize,
): AsyncIterable<{ patientId: number | null; resource: FhirResource }> {
  const shared = type === 'Practitioner' || type === 'Device' ? new Set<string>() : null;
  let afterId = 0;
  for (;;) {
    const patients = await pageProviderServicePatients(db, providerServiceId, afterId, pageSize);
    const last = patients.at(-1);
    if (!last) return;
    afterId = last.id;
    // Only what the type is made of (a Patient needs no orders or tests), scored afresh: an export reads each
    // patient once, and keeping their scores would only push out those of the patients being read one by one.
    const charts = await loadCharts(db, patients, { parts: chartPartsFor(type), cache: null });
    for (const chart of charts) {
      for (const resource of resourcesOfType(chart, type)) {
        if (shared) {
          if (shared.has(resource.id ?? '')) continue;
          shared.add(resource.id ?? '');
        }
        yield { patientId: shared ? null : chart.patient.id, resource };
      }
    }
    if (patients.length < pageSize) return;
  }
}
