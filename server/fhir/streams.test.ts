import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../seed/seed';
import { useTestDb } from '../testing/test-db';
import type { FhirResource, FhirResourceType } from './profiles';
import { streamProviderServiceResources } from './streams';

const testDb = useTestDb(seedDemoData);

async function collect(providerServiceId: number, type: FhirResourceType, pageSize?: number) {
  const items: FhirResource[] = [];
  for await (const { patientId, resource } of streamProviderServiceResources(
    testDb.db,
    providerServiceId,
    type,
    pageSize,
  )) {
    // Each resource comes with the patient whose chart it is of; shared ones with none.
    const shared = type === 'Practitioner' || type === 'Device';
    expect(patientId === null).toBe(shared);
    if (resource.resourceType === 'Patient') expect(resource.id).toBe(String(patientId));
    if (resource.resourceType === 'Observation')
      expect(resource.subject?.reference).toBe(`Patient/${String(patientId)}`);
    items.push(resource);
  }
  return items;
}

async function northside(): Promise<{ id: number; patients: number[] }> {
  const rows = await testDb.db.query<{ id: number; patients: number[] }>(
    `SELECT ps.id, ARRAY(SELECT p.id FROM patients p WHERE p.provider_service_id = ps.id ORDER BY p.id) AS patients
     FROM provider_services ps JOIN providers pv ON pv.id = ps.provider_id
     WHERE pv.name LIKE 'Northside%'`,
  );
  const row = rows[0];
  if (!row) throw new Error('no Northside');
  return row;
}

describe('streamProviderServiceResources', () => {
  it('yields each patient of the provider service once, across pages, and no one else', async () => {
    const service = await northside();
    const patients = await collect(service.id, 'Patient', 7);
    expect(patients.map((patient) => Number(patient.id))).toEqual(service.patients);
  });

  it('yields the observations of every test of those patients, all about them, each once', async () => {
    const service = await northside();
    const small = await collect(service.id, 'Observation', 5);
    const large = await collect(service.id, 'Observation');
    expect(small.length).toBeGreaterThan(0);
    expect(small.map((item) => item.id)).toEqual(large.map((item) => item.id));
    expect(new Set(small.map((item) => item.id)).size).toBe(small.length);
    for (const item of small) {
      if (item.resourceType !== 'Observation') throw new Error('not an Observation');
      expect(service.patients).toContain(Number(item.subject?.reference?.replace('Patient/', '')));
    }
  });

  it('yields a practitioner or device several patients share once', async () => {
    const service = await northside();
    const practitioners = await collect(service.id, 'Practitioner', 5);
    const devices = await collect(service.id, 'Device', 5);
    expect(practitioners.length).toBeGreaterThan(0);
    expect(new Set(practitioners.map((item) => item.id)).size).toBe(practitioners.length);
    expect(devices.length).toBeGreaterThan(0);
    expect(new Set(devices.map((item) => item.id)).size).toBe(devices.length);
  });
});
