import { describe, expect, it } from 'vitest';
import { useSignedInApp } from '../../testing/signed-in-app';
import { auditEntriesAfter, lastAuditSequence } from '../../testing/audit';
import { callApi } from '../../testing/test-app';
import { backendToken } from './testing';

const origin = 'https://clinic.example';
const tokenUrl = `${origin}/fhir/R4/auth/token`;
const testApp = useSignedInApp({ publicUrl: origin });
const { tokens } = testApp;

function read(url: string, token: string | null) {
  return testApp.app.inject({
    method: 'GET',
    url,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
}

async function patientOf(providerServiceId: number): Promise<number> {
  const [row] = await testApp.db.query<{ id: number }>(
    'SELECT id FROM patients WHERE provider_service_id = $1 ORDER BY id LIMIT 1',
    [providerServiceId],
  );
  if (!row) throw new Error('no demo patient');
  return row.id;
}

describe('reading the FHIR API with a backend client’s token (issue 38)', () => {
  it('reads a patient of its own provider service, and the read is in the audit trail', async () => {
    const token = await backendToken(testApp.app, tokens.admin, tokenUrl);
    const id = await patientOf(1);
    const before = await lastAuditSequence(testApp.db);
    const response = await read(`/fhir/R4/Patient/${String(id)}`, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ resourceType: 'Patient', id: String(id) });
    const entries = await auditEntriesAfter(testApp.db, before);
    expect(entries.map((entry) => [entry.action, entry.actorProviderServiceId, entry.patientIds])).toEqual([
      ['fhir.read', 1, [id]],
    ]);
  });

  it('answers 404 for another provider service’s patient, as for an id that does not exist', async () => {
    const token = await backendToken(testApp.app, tokens.admin, tokenUrl);
    const response = await read(`/fhir/R4/Patient/${String(await patientOf(2))}`, token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'not-found' }] });
    const search = await read(`/fhir/R4/Observation?patient=${String(await patientOf(2))}`, token);
    expect(search.statusCode).toBe(200);
    expect(search.json()).toMatchObject({ resourceType: 'Bundle', total: 0 });
  });

  it('is limited to the types its scopes grant', async () => {
    const token = await backendToken(testApp.app, tokens.admin, tokenUrl, 1, 'system/Patient.rs');
    const id = await patientOf(1);
    expect((await read(`/fhir/R4/Patient/${String(id)}`, token)).statusCode).toBe(200);
    const observations = await read(`/fhir/R4/Observation?patient=${String(id)}`, token);
    expect(observations.statusCode).toBe(403);
    expect(observations.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'forbidden' }] });
    const everything = await read(`/fhir/R4/Patient/${String(id)}/$everything`, token);
    expect(everything.statusCode).toBe(200);
    const types = everything
      .json<{ entry?: { resource: { resourceType: string } }[] }>()
      .entry?.map((entry) => entry.resource.resourceType);
    expect(new Set(types)).toEqual(new Set(['Patient']));
  });

  it('refuses an unknown token and a revoked client’s token with 401', async () => {
    expect((await read('/fhir/R4/Patient', 'not-a-token-at-all-0000')).statusCode).toBe(401);
    const token = await backendToken(testApp.app, tokens.admin, tokenUrl);
    const list = await callApi(testApp.app, 'GET', '/api/cgm/fhirclients', tokens.admin);
    const newest = list.json<{ dataList: { id: number }[] }>().dataList[0];
    await callApi(testApp.app, 'POST', `/api/cgm/fhirclients/${String(newest?.id)}/revoke`, tokens.admin);
    const response = await read('/fhir/R4/Patient', token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'login' }] });
  });
});
