import type { Bundle, CapabilityStatement, Observation, Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { auditEntriesAfter, lastAuditSequence } from '../testing/audit';
import { useSignedInApp, useTestApp } from '../testing/signed-in-app';
import { validateFhir } from './validation';

const testApp = useSignedInApp();

async function rosaId(): Promise<number> {
  const [row] = await testApp.db.query<{ id: number }>(
    `SELECT id FROM patients WHERE first_name = 'Rosa' AND last_name = 'Alvarez'`,
  );
  if (!row) throw new Error('no Rosa');
  return row.id;
}

async function get(url: string, account: 'clinician' | 'clinician2' | 'technician' | 'admin' | null = 'clinician') {
  const response = await testApp.app.inject({
    method: 'GET',
    url,
    headers: account === null ? {} : { authToken: testApp.tokens[account] },
  });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.json<Resource>() };
}

function outcomeText(body: Resource): string {
  if (body.resourceType !== 'OperationOutcome') throw new Error(`not an OperationOutcome: ${body.resourceType}`);
  return body.issue.map((issue) => issue.diagnostics ?? '').join(' ');
}

const entries = (bundle: Resource): Resource[] =>
  bundle.resourceType === 'Bundle'
    ? (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []))
    : [];

describe('FHIR R4 read API', () => {
  it('states what it supports at metadata, without credentials', async () => {
    const { status, type, body } = await get('/fhir/R4/metadata', null);
    expect(status).toBe(200);
    expect(type).toBe('application/fhir+json; charset=utf-8');
    const statement = body as CapabilityStatement;
    expect(statement.fhirVersion).toBe('4.0.1');
    const resources = statement.rest?.[0]?.resource ?? [];
    expect(resources.map((resource) => resource.type)).toEqual([
      'Patient',
      'Practitioner',
      'ServiceRequest',
      'Task',
      'Observation',
      'DiagnosticReport',
      'Device',
      'Provenance',
      'Binary',
    ]);
    const observation = resources.find((resource) => resource.type === 'Observation');
    expect(observation?.supportedProfile).toEqual([
      'http://hl7.org/fhir/us/core/StructureDefinition/us-core-observation-screening-assessment',
    ]);
    expect(observation?.searchParam?.map((param) => param.name)).toEqual([
      'patient',
      'category',
      'code',
      'date',
      '_lastUpdated',
    ]);
  });

  it('refuses a request without credentials (401) and a role that may not view reports (403), as OperationOutcome', async () => {
    const id = await rosaId();
    const anonymous = await get(`/fhir/R4/Patient/${String(id)}`, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.resourceType).toBe('OperationOutcome');
    const technician = await get(`/fhir/R4/Patient/${String(id)}`, 'technician');
    expect(technician.status).toBe(403);
    expect(technician.body.resourceType).toBe('OperationOutcome');
  });

  it('reads a patient of the clinician’s provider service, valid on US Core, and writes the read to the audit trail', async () => {
    const id = await rosaId();
    const before = await lastAuditSequence(testApp.db);
    const { status, body } = await get(`/fhir/R4/Patient/${String(id)}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ resourceType: 'Patient', id: String(id), birthDate: '1948-05-17' });
    expect(await validateFhir(body)).toEqual([]);
    expect(await auditEntriesAfter(testApp.db, before)).toContainEqual(
      expect.objectContaining({ action: 'fhir.read', patientIds: [id], entity: 'Patient', entityId: String(id) }),
    );
  });

  it('answers 404 for a patient of another provider service, as for a missing one', async () => {
    const id = await rosaId();
    const other = await get(`/fhir/R4/Patient/${String(id)}`, 'clinician2');
    expect(other.status).toBe(404);
    expect(other.body.resourceType).toBe('OperationOutcome');
    const missing = await get('/fhir/R4/Patient/2147483647');
    expect(missing.status).toBe(404);
    const everything = await get(`/fhir/R4/Patient/${String(id)}/$everything`, 'clinician2');
    expect(everything.status).toBe(404);
  });

  it('finds the patient’s composite scores by category and SNOMED code, and filters them by date', async () => {
    const id = await rosaId();
    const url = `/fhir/R4/Observation?patient=Patient/${String(id)}&category=survey&code=http://snomed.info/sct|113024001`;
    const { status, body } = await get(url);
    expect(status).toBe(200);
    const found = entries(body) as Observation[];
    expect(found.length).toBeGreaterThan(0);
    for (const observation of found) {
      expect(observation.code.coding).toContainEqual(expect.objectContaining({ code: '113024001' }));
    }
    const future = await get(`${url}&date=ge2999-01-01`);
    expect(entries(future.body)).toEqual([]);
    const all = await get(`/fhir/R4/Observation?patient=${String(id)}`);
    expect(entries(all.body).length).toBeGreaterThan(found.length);
  });

  it('searches each type as $everything holds it, and by date and _lastUpdated as the resources say', async () => {
    const id = String(await rosaId());
    const everything = entries((await get(`/fhir/R4/Patient/${id}/$everything`)).body);
    for (const type of ['ServiceRequest', 'Task', 'Observation', 'DiagnosticReport', 'Provenance']) {
      const { status, body } = await get(`/fhir/R4/${type}?patient=${id}`);
      expect({ type, status }).toEqual({ type, status: 200 });
      expect(entries(body)).toEqual(everything.filter((resource) => resource.resourceType === type));
    }
    // A bound between two tests: the later test's resources only, by effective time and by last update.
    const reports = everything.flatMap((resource) => (resource.resourceType === 'DiagnosticReport' ? [resource] : []));
    const second = reports[1];
    if (!second?.effectiveDateTime || !second.meta?.lastUpdated) throw new Error('no second report');
    const fromSecond = (instant: (observation: Observation) => string | undefined, bound: string) =>
      everything
        .filter((resource): resource is Observation => resource.resourceType === 'Observation')
        .filter((observation) => Date.parse(instant(observation) ?? '') >= Date.parse(bound))
        .map((observation) => observation.id);
    const byDate = await get(
      `/fhir/R4/Observation?patient=${id}&date=${encodeURIComponent(`ge${second.effectiveDateTime}`)}`,
    );
    const byUpdate = await get(
      `/fhir/R4/Observation?patient=${id}&_lastUpdated=${encodeURIComponent(`ge${second.meta.lastUpdated}`)}`,
    );
    const expected = fromSecond((observation) => observation.effectiveDateTime, second.effectiveDateTime);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(
      everything.filter((resource) => resource.resourceType === 'Observation').length,
    );
    expect(entries(byDate.body).map((resource) => resource.id)).toEqual(expected);
    expect(entries(byUpdate.body).map((resource) => resource.id)).toEqual(
      fromSecond((observation) => observation.meta?.lastUpdated, second.meta.lastUpdated),
    );
  });

  it('answers $everything with a Bundle whose every resource validates and whose references resolve in it', async () => {
    const id = await rosaId();
    const { status, body } = await get(`/fhir/R4/Patient/${String(id)}/$everything`);
    expect(status).toBe(200);
    expect(await validateFhir(body)).toEqual([]);
    const bundle = body as Bundle;
    const present = new Set(entries(bundle).map((resource) => `${resource.resourceType}/${resource.id ?? ''}`));
    const references = JSON.stringify(bundle).match(/"reference":"[^"]+"/g) ?? [];
    const dangling = references
      .map((reference) => reference.slice('"reference":"'.length, -1))
      .filter((reference) => !present.has(reference));
    expect(dangling).toEqual([]);
    expect([...present].some((key) => key.startsWith('DiagnosticReport/'))).toBe(true);
    expect([...present].some((key) => key.startsWith('Task/'))).toBe(true);
  });

  it('serves the report PDF a DiagnosticReport presents', async () => {
    const id = await rosaId();
    const reports = await get(`/fhir/R4/DiagnosticReport?patient=${String(id)}`);
    const [report] = entries(reports.body);
    if (report?.resourceType !== 'DiagnosticReport') throw new Error('no DiagnosticReport');
    const url = report.presentedForm?.[0]?.url ?? '';
    expect(url).toMatch(/^Binary\/report-\d+$/);
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/fhir/R4/${url}`,
      headers: { authToken: testApp.tokens.clinician },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const other = await get(`/fhir/R4/${url}`, 'clinician2');
    expect(other.status).toBe(404);
  });

  it('answers unknown types, unsupported parameters and malformed ids with an OperationOutcome, 400 or 404', async () => {
    const id = String(await rosaId());
    const cases: [string, number][] = [
      ['/fhir/R4/Medication/1', 404],
      ['/fhir/R4/Medication?patient=1', 404],
      [`/fhir/R4/Observation?patient=${id}&value-quantity=5`, 400],
      [`/fhir/R4/Observation?patient=${id}&code:text=memory`, 400],
      [`/fhir/R4/Observation?patient=${id}&date=yesterday`, 400],
      [`/fhir/R4/Observation?patient=${id}&date=sa2020`, 400],
      ['/fhir/R4/Observation?category=survey', 400],
      ['/fhir/R4/Practitioner?name=x', 400],
      ['/fhir/R4/Patient/abc', 404],
      ['/fhir/R4/Patient/a%20b', 400],
      ['/fhir/R4/Observation/1-nothing', 404],
      ['/fhir/R4/Patient/1/$nothing', 404],
    ];
    for (const [url, expected] of cases) {
      const { status, type, body } = await get(url);
      expect({ url, status, type, resourceType: body.resourceType }).toEqual({
        url,
        status: expected,
        type: 'application/fhir+json; charset=utf-8',
        resourceType: 'OperationOutcome',
      });
      expect(outcomeText(body)).not.toBe('');
    }
  });
});

describe('FHIR R4 under API_SURFACE=spec', () => {
  const specApp = useTestApp({ apiSurface: 'spec' });

  it('is not offered', async () => {
    // As the client's capability probe asks: a plain 404, not the app's page, so the download is left out.
    const response = await specApp.app.inject({
      method: 'GET',
      url: '/fhir/R4/metadata',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('CapabilityStatement');
  });
});
