import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db } from '../db/db';
import {
  deleteFhirExportJob,
  findFhirExportJob,
  insertFhirExportJob,
  type FhirExportJob,
} from '../db/queries/fhir-export-jobs';
import type { RouteDeps } from '../http/route-deps';
import { backendClientActor } from './smart/clients';
import { fhirBasePath } from './routes';
import { fhirResourceTypes, isFhirResourceType, type FhirResourceType } from './profiles';
import { allowsType, grantedTypes } from './smart/scopes';
import { verifyBackendToken, type BackendAccess } from './smart/token';

/**
 * FHIR Bulk Data `$export` of one provider service (issue 38), as a group export: the provider service is the
 * Group of its patients (`GET /fhir/R4/Group/{providerServiceId}/$export`), which is what Bulk Data offers for "the
 * patients of a group"; a token reaches its own provider service's group only.
 *
 * Nothing is computed ahead: a job is one row saying what was asked, so it is complete as soon as it exists, and
 * each file is read from the database and written to the response as it is downloaded, page of patients by page
 * (the source never holds the whole set, nor does this module: one chunk of text at a time). Nothing of an export
 * is kept in memory or on disk. Each chunk is written to the audit trail, naming its patients, before it goes out.
 */

/** The resources of one type of a provider service, as they are read; never gathered whole. */
export type ExportSource = (db: Db, providerServiceId: number, type: FhirResourceType) => AsyncIterable<ExportItem>;

export interface ExportResource {
  resourceType: string;
  meta?: { lastUpdated?: string };
}

/** One resource of an export file, with the patient whose chart it is of (null: a shared Practitioner or Device). */
export interface ExportItem {
  patientId: number | null;
  resource: ExportResource;
}

/**
 * Patients read per page while a file streams: one page of charts in memory at a time. Larger than the read API's
 * pages because a file walks every patient once per type; at 1,000 the 10,000-patient bench clinic exports in about
 * 13 s instead of 35 s at 200, with the server's memory as flat (npm run bench -- fhir-export).
 */
export const exportPatientsPerPage = 1_000;
/** How long a job's files may be downloaded (Bulk Data leaves it to the server; Expires says it). */
export const exportJobHours = 24;
/**
 * Lines are written in chunks of about this many characters, one write per chunk. Each chunk is first written to the
 * audit trail with the patients whose data it holds, so a file is audited patient by patient while only one chunk
 * is ever held in memory (1 MiB: some 20 patients' Observations, or 1,500 Patients, per entry).
 */
export const exportChunkLength = 1024 * 1024;

const ndjsonFormats = new Set(['application/fhir+ndjson', 'application/ndjson', 'ndjson']);

export const statusPath = (jobId: string) => `${fhirBasePath}/$export-status/${jobId}`;
export const filePath = (jobId: string, type: string) => `${fhirBasePath}/$export-file/${jobId}/${type}.ndjson`;

/** A refusal answered as an OperationOutcome (FHIR's error body). */
class OutcomeError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: 'invalid' | 'not-found' | 'login' | 'forbidden' | 'not-supported',
    message: string,
  ) {
    super(message);
    this.name = 'OutcomeError';
  }
}

function sendOutcome(reply: FastifyReply, error: OutcomeError): FastifyReply {
  if (error.statusCode === 401) void reply.header('www-authenticate', 'Bearer realm="fhir"');
  return reply
    .code(error.statusCode)
    .type('application/fhir+json')
    .send({
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: error.code, diagnostics: error.message }],
    });
}

const notFound = () => new OutcomeError(404, 'not-found', 'Not found');

/** The parameters of a kick-off, checked: the types to export (those asked, or every type the token may read). */
export function exportRequest(
  query: Readonly<Record<string, unknown>>,
  access: BackendAccess,
): { types: FhirResourceType[]; since: Date | null } {
  const single = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw new OutcomeError(400, 'invalid', `${name} may be given once`);
    return value;
  };
  const known = new Set(['_type', '_since', '_outputFormat']);
  const unknown = Object.keys(query).find((name) => !known.has(name));
  if (unknown) throw new OutcomeError(400, 'not-supported', `The parameter ${unknown} is not supported`);

  const format = single('_outputFormat');
  if (format !== undefined && !ndjsonFormats.has(format)) {
    throw new OutcomeError(400, 'not-supported', 'Only application/fhir+ndjson is offered');
  }
  const granted = grantedTypes(access.scope, 'search');
  const typeParameter = single('_type');
  let types: FhirResourceType[];
  if (typeParameter === undefined) {
    types = fhirResourceTypes.filter((type) => allowsType(granted, type));
  } else {
    const asked = [...new Set(typeParameter.split(',').map((type) => type.trim()))];
    const unknownType = asked.find((type) => !isFhirResourceType(type));
    if (unknownType !== undefined) {
      throw new OutcomeError(400, 'not-supported', `The resource type ${unknownType.slice(0, 64)} is not served`);
    }
    types = asked.filter(isFhirResourceType);
    const refused = types.find((type) => !allowsType(granted, type));
    if (refused) throw new OutcomeError(403, 'forbidden', `The token's scopes do not include ${refused}`);
  }
  if (types.length === 0) throw new OutcomeError(403, 'forbidden', "The token's scopes include no resource type");

  const sinceParameter = single('_since');
  let since: Date | null = null;
  if (sinceParameter !== undefined) {
    // A FHIR instant: a full date and time with its zone.
    const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
    since = instant.test(sinceParameter) ? new Date(sinceParameter) : null;
    if (since === null || Number.isNaN(since.getTime())) {
      throw new OutcomeError(400, 'invalid', '_since must be a FHIR instant, e.g. 2026-01-01T00:00:00Z');
    }
  }
  return { types, since };
}

/**
 * One export file as ndjson text, in chunks, read as it is sent: a resource changed before `since` is left out
 * (Bulk Data: only what changed since then). Before a chunk is given out, `record` is told the patients whose data
 * it holds (and told once, with none, of a file with no data), and the chunk waits until that is written.
 */
export async function* ndjsonChunks(
  items: AsyncIterable<ExportItem>,
  since: Date | null,
  record: (patientIds: number[]) => Promise<void>,
  chunkLength: number = exportChunkLength,
): AsyncGenerator<string> {
  const sinceTime = since?.getTime() ?? null;
  let chunk = '';
  let patients = new Set<number>();
  let released = 0;
  for await (const { patientId, resource } of items) {
    if (sinceTime !== null) {
      const updated = resource.meta?.lastUpdated;
      if (updated !== undefined && Date.parse(updated) < sinceTime) continue;
    }
    chunk += `${JSON.stringify(resource)}\n`;
    if (patientId !== null) patients.add(patientId);
    if (chunk.length >= chunkLength) {
      await record([...patients]);
      released += 1;
      yield chunk;
      chunk = '';
      patients = new Set();
    }
  }
  if (chunk !== '' || released === 0) {
    await record([...patients]);
    if (chunk !== '') yield chunk;
  }
}

/** The Bulk Data manifest of a job: one file per type, each downloaded with the access token. */
export function exportManifest(job: FhirExportJob, origin: string) {
  return {
    transactionTime: job.transactionTime.toISOString(),
    request: job.requestUrl,
    requiresAccessToken: true,
    output: job.resourceTypes.map((type) => ({ type, url: `${origin}${filePath(job.id, type)}` })),
    error: [],
  };
}

export interface ExportRouteOptions extends RouteDeps {
  source: ExportSource;
}

/** Bulk Data: kick-off, status (and cancel) and the files, under /fhir/R4, for a backend client's bearer token. */
export const exportRoutes: FastifyPluginCallback<ExportRouteOptions> = (app, { db, publicOrigin, source }, done) => {
  const accessOf = async (request: FastifyRequest): Promise<BackendAccess> => {
    const access = await verifyBackendToken(db, request.headers.authorization);
    if (!access) throw new OutcomeError(401, 'login', 'A valid bearer token is required');
    return access;
  };
  const auditOf = (request: FastifyRequest, access: BackendAccess): AuditContext => ({
    actor: backendClientActor(access.providerServiceId),
    clientAddress: request.ip,
    requestId: request.id,
  });
  const jobOf = async (request: FastifyRequest, access: BackendAccess, jobId: string): Promise<FhirExportJob> => {
    if (!/^[A-Za-z0-9_-]{43}$/.test(jobId)) throw notFound();
    const job = await findFhirExportJob(db, jobId, access.clientId, new Date());
    if (!job) throw notFound();
    return job;
  };
  const answering =
    <P>(handler: (request: FastifyRequest<{ Params: P }>, reply: FastifyReply) => Promise<unknown>) =>
    async (request: FastifyRequest<{ Params: P }>, reply: FastifyReply): Promise<unknown> => {
      try {
        return await handler(request, reply);
      } catch (error) {
        if (error instanceof OutcomeError) return sendOutcome(reply, error);
        throw error;
      }
    };

  app.get<{ Params: { id: string } }>(
    '/Group/:id/$export',
    answering(async (request, reply) => {
      const access = await accessOf(request);
      // Another provider service's group is not there for this token (404, as the API answers out-of-scope ids).
      if (!/^[1-9]\d{0,9}$/.test(request.params.id) || Number(request.params.id) !== access.providerServiceId) {
        throw notFound();
      }
      if (!/\brespond-async\b/.test([request.headers.prefer ?? ''].flat().join(','))) {
        throw new OutcomeError(400, 'invalid', 'Send Prefer: respond-async');
      }
      const asked = exportRequest(request.query as Record<string, unknown>, access);
      const now = new Date();
      const job: FhirExportJob = {
        id: randomBytes(32).toString('base64url'),
        clientId: access.clientId,
        providerServiceId: access.providerServiceId,
        resourceTypes: asked.types,
        since: asked.since,
        requestUrl: `${publicOrigin()}${request.url}`,
        transactionTime: now,
        expiresAt: new Date(now.getTime() + exportJobHours * 3_600_000),
      };
      await db.tx(async (tx) => {
        await insertFhirExportJob(tx, job);
        await recordAudit(tx, auditOf(request, access), {
          action: 'fhirExport.start',
          entity: 'fhirExport',
          entityId: access.providerServiceId,
        });
      });
      return reply
        .code(202)
        .header('content-location', `${publicOrigin()}${statusPath(job.id)}`)
        .type('application/fhir+json')
        .send({
          resourceType: 'OperationOutcome',
          issue: [{ severity: 'information', code: 'informational', diagnostics: 'Export accepted' }],
        });
    }),
  );

  // The files are read when downloaded, so a job is complete as soon as it exists: the first poll has the manifest
  // (200 at once, as Bulk Data allows; there is no preparation whose progress a 202 with X-Progress could report).
  app.get<{ Params: { jobId: string } }>(
    '/$export-status/:jobId',
    answering(async (request, reply) => {
      const access = await accessOf(request);
      const job = await jobOf(request, access, request.params.jobId);
      return reply
        .header('expires', job.expiresAt.toUTCString())
        .header('cache-control', 'no-store')
        .type('application/json')
        .send(exportManifest(job, publicOrigin()));
    }),
  );

  app.delete<{ Params: { jobId: string } }>(
    '/$export-status/:jobId',
    answering(async (request, reply) => {
      const access = await accessOf(request);
      if (!(await deleteFhirExportJob(db, request.params.jobId, access.clientId))) throw notFound();
      return reply.code(202).send();
    }),
  );

  app.get<{ Params: { jobId: string; file: string } }>(
    '/$export-file/:jobId/:file',
    answering(async (request, reply) => {
      const access = await accessOf(request);
      const job = await jobOf(request, access, request.params.jobId);
      const type = request.params.file.replace(/\.ndjson$/, '');
      if (!isFhirResourceType(type) || !job.resourceTypes.includes(type)) throw notFound();
      // One audit entry per chunk, naming the patients whose data went out in it (none for Practitioner, Device).
      const audit = auditOf(request, access);
      const chunks = ndjsonChunks(source(db, job.providerServiceId, type), job.since, (patientIds) =>
        recordAudit(db, audit, {
          action: 'fhirExport.read',
          patientIds,
          entity: 'fhirExport',
          entityId: `${String(job.providerServiceId)}/${type}`,
        }),
      );
      return reply
        .type('application/fhir+ndjson')
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks, { objectMode: false }));
    }),
  );
  done();
};
