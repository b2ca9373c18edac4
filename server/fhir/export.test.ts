import { describe, expect, it } from 'vitest';
import { useSignedInApp } from '../testing/signed-in-app';
import { auditEntriesAfter, lastAuditSequence } from '../testing/audit';
import type { Observation, Resource } from '@medplum/fhirtypes';
import { backendToken } from './smart/testing';
import { ndjsonChunks, type ExportItem } from './export';
import { fhirResourceTypes } from './profiles';
import { validateFhir } from './validation';

const origin = 'https://clinic.example';
const tokenUrl = `${origin}/fhir/R4/auth/token`;
const testApp = useSignedInApp({ publicUrl: origin });
const { tokens } = testApp;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const local = (url: string) => url.replace(origin, '');

function kickOff(token: string | null, query = '', group = 1, prefer = 'respond-async') {
  return testApp.app.inject({
    method: 'GET',
    url: `/fhir/R4/Group/${String(group)}/$export${query}`,
    headers: { ...(token ? bearer(token) : {}), ...(prefer ? { prefer } : {}), accept: 'application/fhir+json' },
  });
}

interface Manifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string }[];
  error: unknown[];
}

/** Kick-off, then polls the status URL until the manifest comes, as a Bulk Data client does. */
async function exportManifest(token: string, query = ''): Promise<Manifest> {
  const started = await kickOff(token, query);
  expect(started.statusCode).toBe(202);
  const status = String(started.headers['content-location']);
  for (;;) {
    const polled = await testApp.app.inject({ method: 'GET', url: local(status), headers: bearer(token) });
    if (polled.statusCode === 200) return polled.json<Manifest>();
    expect(polled.statusCode).toBe(202);
  }
}

async function download(token: string, url: string) {
  return testApp.app.inject({ method: 'GET', url: local(url), headers: bearer(token) });
}

const lines = (body: string) => body.split('\n').filter((line) => line !== '');

describe('bulk $export of a provider service (issue 38)', () => {
  it('kicks off, answers the manifest and streams ndjson of the provider service’s resources', async () => {
    const token = await backendToken(testApp.app, tokens.admin, tokenUrl);
    const before = await lastAuditSequence(testApp.db);
    const manifest = await exportManifest(token, '?_type=Patient');
    expect(manifest).toMatchObject({
      request: `${origin}/fhir/R4/Group/1/$export?_type=Patient`,
      requiresAccessToken: true,
      output: [{ type: 'Patient', url: expect.stringMatching(/^https:\/\/clinic\.example\/fhir\/R4\//) as unknown }],
      error: [],
    });
    expect(Date.parse(manifest.transactionTime)).not.toBeNaN();
    const file = await download(token, manifest.output[0]?.url ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/fhir\+ndjson/);
    const resources = lines(file.body).map((line) => JSON.parse(line) as Resource);
    const patients = await testApp.db.query<{ id: number }>(
      'SELECT id FROM patients WHERE provider_service_id = 1 ORDER BY id',
    );
    expect(resources.map((resource) => resource.resourceType)).toEqual(patients.map(() => 'Patient'));
    expect(resources.map((resource) => resource.id)).toEqual(patients.map((row) => String(row.id)));
    const entries = await auditEntriesAfter(testApp.db, before);
    expect(
      entries.map((entry) => [entry.action, entry.actorProviderServiceId, entry.entityId, entry.patientIds]),
    ).toEqual([
      ['fhirExport.start', 1, '1', []],
      ['fhirExport.read', 1, '1/Patient', patients.map((row) => row.id)],
    ]);
  });

  it('names in the audit trail each patient whose data a file held', async () => {
    const token = await backendToken(testApp.app, tokens.admin, tokenUrl);
    const manifest = await exportManifest(token, '?_type=Observation');
    const before = await lastAuditSequence(testApp.db);
    const file = await download(token, manifest.output[0]?.url ?? '');
    const subjects = new Set(
      lines(file.body).map((line) => Number((JSON.parse(line) as Observation).subject?.reference?.slice(8))),
    );
    expect(subjects.size).toBeGreaterThan(1);
    const entries = await auditEntriesAfter(testApp.db, before);
    expect(entries.every((entry) => entry.action === 'fhirExport.read' && entry.entityId === '1/Observation')).toBe(
      true,
    );
    expect(new Set(entries.flatMap((entry) => entry.patientIds))).toEqual(subjects);
  });

  it('exports every type of the demo provider service as ndjson whose every line validates against US Core', async () => {
    const token = await backendToken(testApp.app, tokens.admin, tokenUrl);
    const manifest = await exportManifest(token);
    // Every type the read API serves (the CapabilityStatement's test names them), in its order.
    expect(manifest.output.map((file) => file.type)).toEqual(fhirResourceTypes);
    const problems: string[] = [];
    const counts: Record<string, number> = {};
    for (const { type, url } of manifest.output) {
      const file = await download(token, url);
      expect(file.statusCode).toBe(200);
      for (const line of lines(file.body)) {
        const resource = JSON.parse(line) as Resource;
        expect(resource.resourceType).toBe(type);
        counts[type] = (counts[type] ?? 0) + 1;
        problems.push(...(await validateFhir(resource)));
      }
    }
    expect(problems).toEqual([]);
    // The demo clinic has results and orders: every file of the chart holds something.
    for (const type of ['Patient', 'ServiceRequest', 'Task', 'Observation', 'DiagnosticReport', 'Provenance']) {
      expect([type, counts[type] ?? 0]).not.toEqual([type, 0]);
    }
  }, 300_000);

  it('lists one file per type the token may read when _type is not given', async () => {
    const token = await backendToken(testApp.app, tokens.admin, tokenUrl, 1, 'system/Patient.rs system/Observation.rs');
    const manifest = await exportManifest(token);
    expect(manifest.output.map((file) => file.type)).toEqual(['Patient', 'Observation']);
  });

  it('leaves out what did not change since _since', async () => {
    const token = await backendToken(testApp.app, tokens.admin, tokenUrl);
    const manifest = await exportManifest(token, '?_type=Patient&_since=2999-01-01T00:00:00Z');
    const file = await download(token, manifest.output[0]?.url ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('');
  });

  it('refuses without a token (401), and another provider service’s group is not there (404)', async () => {
    const anonymous = await kickOff(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ resourceType: 'OperationOutcome' });
    const token = await backendToken(testApp.app, tokens.admin, tokenUrl);
    const elsewhere = await kickOff(token, '', 2);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'not-found' }] });
  });

  it('answers bad parameters with an OperationOutcome, never a 500', async () => {
    const token = await backendToken(testApp.app, tokens.admin, tokenUrl, 1, 'system/Patient.rs');
    const cases: [string, string, number][] = [
      ['', '', 400],
      ['?_type=Account', 'respond-async', 400],
      ['?_type=Observation', 'respond-async', 403],
      ['?_since=yesterday', 'respond-async', 400],
      ['?_outputFormat=text/csv', 'respond-async', 400],
      ['?_elements=id', 'respond-async', 400],
      ['?_type=Patient&_type=Task', 'respond-async', 400],
    ];
    for (const [query, prefer, status] of cases) {
      const response = await kickOff(token, query, 1, prefer);
      expect([query, response.statusCode]).toEqual([query, status]);
      expect(response.json()).toMatchObject({ resourceType: 'OperationOutcome' });
    }
  });

  it('keeps a job to the client that started it, and forgets a cancelled one', async () => {
    const token = await backendToken(testApp.app, tokens.admin, tokenUrl);
    const other = await backendToken(testApp.app, tokens.admin, tokenUrl);
    const started = await kickOff(token, '?_type=Patient');
    const status = local(String(started.headers['content-location']));
    const manifest = await exportManifest(token, '?_type=Patient');
    expect((await testApp.app.inject({ method: 'GET', url: status, headers: bearer(other) })).statusCode).toBe(404);
    expect((await download(other, manifest.output[0]?.url ?? '')).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'DELETE', url: status, headers: bearer(token) })).statusCode).toBe(202);
    expect((await testApp.app.inject({ method: 'GET', url: status, headers: bearer(token) })).statusCode).toBe(404);
  });
});

describe('ndjsonChunks', () => {
  async function* items(count: number): AsyncGenerator<ExportItem> {
    for (let id = 1; id <= count; id += 1) {
      await Promise.resolve();
      yield { patientId: id, resource: { resourceType: 'Patient', meta: { lastUpdated: '2026-01-01T00:00:00Z' } } };
      yield { patientId: id, resource: { resourceType: 'Observation' } };
    }
    if (count > 0) yield { patientId: null, resource: { resourceType: 'Device' } };
  }

  it('writes each chunk’s patients to the audit trail before the chunk goes out, a chunk at a time', async () => {
    const events: string[] = [];
    const record = (patientIds: number[]) => {
      events.push(`audit ${patientIds.join(',')}`);
      return Promise.resolve();
    };
    // Two patients' lines fill a chunk.
    const patientLines = `${JSON.stringify({ resourceType: 'Patient', meta: { lastUpdated: '2026-01-01T00:00:00Z' } })}\n${JSON.stringify({ resourceType: 'Observation' })}\n`;
    let text = '';
    for await (const chunk of ndjsonChunks(items(5), null, record, patientLines.length * 2)) {
      events.push(`chunk ${String(chunk.split('\n').length - 1)} lines`);
      text += chunk;
    }
    expect(events).toEqual(['audit 1,2', 'chunk 4 lines', 'audit 3,4', 'chunk 4 lines', 'audit 5', 'chunk 3 lines']);
    expect(text.split('\n').filter((line) => line !== '')).toHaveLength(11);
  });

  it('names only the patients whose data passed _since, and no one (once) for a file with no data', async () => {
    async function* updated(): AsyncGenerator<ExportItem> {
      for (const [patientId, lastUpdated] of [
        [1, '2020-01-01T00:00:00Z'],
        [2, '2027-01-01T00:00:00Z'],
      ] as const) {
        await Promise.resolve();
        yield { patientId, resource: { resourceType: 'Patient', meta: { lastUpdated } } };
      }
    }
    const recorded: number[][] = [];
    const record = (patientIds: number[]) => {
      recorded.push(patientIds);
      return Promise.resolve();
    };
    const chunks: string[] = [];
    for await (const chunk of ndjsonChunks(updated(), new Date('2026-01-01T00:00:00Z'), record)) chunks.push(chunk);
    expect(recorded).toEqual([[2]]);
    expect(chunks.join('').split('\n')).toHaveLength(2);
    recorded.length = 0;
    for await (const chunk of ndjsonChunks(items(0), null, record)) chunks.push(chunk);
    expect(recorded).toEqual([[]]);
    expect(chunks).toHaveLength(1);
  });
});
