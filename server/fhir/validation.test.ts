import { describe, expect, it } from 'vitest';
import type { Observation } from '@medplum/fhirtypes';
import { seedDemoData } from '../seed/seed';
import { useTestDb } from '../testing/test-db';
import { loadChart } from './charts';
import { chartResources } from './mapping';
import { validateFhir } from './validation';

const testDb = useTestDb(seedDemoData);

async function demoPatientIds(): Promise<number[]> {
  const rows = await testDb.db.query<{ id: number }>('SELECT id FROM patients ORDER BY id');
  return rows.map((row) => row.id);
}

describe('FHIR resources of the demo data', () => {
  it('validate against US Core 6.1.0 and our binding checks, every resource of every demo patient', async () => {
    const ids = await demoPatientIds();
    expect(ids.length).toBeGreaterThanOrEqual(70);
    const types = new Set<string>();
    const problems: string[] = [];
    for (const id of ids) {
      const chart = await loadChart(testDb.db, id);
      if (!chart) throw new Error(`patient ${String(id)} has no chart`);
      for (const resource of chartResources(chart)) {
        types.add(resource.resourceType);
        problems.push(...(await validateFhir(resource)));
      }
    }
    expect(problems).toEqual([]);
    // Every type the server emits was checked, not only the easy ones.
    expect([...types].sort()).toEqual([
      'Device',
      'DiagnosticReport',
      'Observation',
      'Patient',
      'Practitioner',
      'Provenance',
      'ServiceRequest',
      'Task',
    ]);
  }, 120_000);

  it('are refused by the validator when a required element or binding is wrong', async () => {
    const [id] = await demoPatientIds();
    const chart = await loadChart(testDb.db, id ?? 0);
    const patient = chart ? chartResources(chart)[0] : undefined;
    if (patient?.resourceType !== 'Patient') throw new Error('no Patient');
    expect(await validateFhir({ ...patient, identifier: [] })).not.toEqual([]);
    expect(await validateFhir({ ...patient, gender: 'none' as 'male' })).toEqual([
      `Patient/${patient.id ?? ''}: Patient.gender: 'none' is not in its required value set`,
    ]);
  });
});

describe('CMS149 Dementia: Cognitive Assessment', () => {
  it('counts a demo composite Observation: code in the Cognitive Assessment value set, final, with a value', async () => {
    const rows = await testDb.db.query<{ id: number }>(
      `SELECT p.id FROM patients p WHERE p.first_name = 'Rosa' AND p.last_name = 'Alvarez'`,
    );
    const chart = await loadChart(testDb.db, rows[0]?.id ?? 0);
    const composites = (chart ? chartResources(chart) : []).filter(
      (resource): resource is Observation =>
        resource.resourceType === 'Observation' &&
        (resource.code.coding ?? []).some((coding) => coding.code?.startsWith('composite-')),
    );
    expect(composites.length).toBeGreaterThan(0);
    // The numerator's criteria: an assessment coded SNOMED CT 113024001 (in the Cognitive Assessment value set,
    // 2.16.840.1.113883.3.526.3.1332), with status final and a result.
    const counted = composites.filter(
      (observation) =>
        (observation.code.coding ?? []).some(
          (coding) => coding.system === 'http://snomed.info/sct' && coding.code === '113024001',
        ) &&
        observation.status === 'final' &&
        observation.valueQuantity?.value !== undefined &&
        observation.effectiveDateTime !== undefined,
    );
    expect(counted.length).toBeGreaterThan(0);
    for (const observation of counted) expect(await validateFhir(observation)).toEqual([]);
  });
});
