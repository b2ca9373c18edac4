import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { auditContextOf } from '../audit/audit';
import type { RouteDeps } from '../http/route-deps';
import { chooseBody, compressOnce, varyAcceptEncoding, type EncodedBody } from '../http/encoding';
import { renderReportPdf, reportPdfFileName } from '../documents/report-pdf';
import { authTokenFrom } from '../auth/guards';
import { resolveToken } from '../auth/session-service';
import { profileScope, visiblePatient } from '../profiles/scope';
import {
  loadReport,
  refusedReport,
  renderReportPage,
  renderSessionReport,
  type ReportSessionReader,
} from './report-page';
import { renderRunnerPage } from './runner-page';

const publicDir = path.join(import.meta.dirname, 'public');

/** The files the pages load; nothing else under public/ is served. */
const assetTypes: Readonly<Record<string, string>> = {
  'runner.js': 'text/javascript; charset=utf-8',
  'pages.css': 'text/css; charset=utf-8',
  'report.css': 'text/css; charset=utf-8',
  'report.js': 'text/javascript; charset=utf-8',
};

function sendPage(reply: FastifyReply, page: { status: number; html: string }): FastifyReply {
  // The runner page holds a test token and the report a patient's results: no cache may keep either.
  return reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page.html);
}

/**
 * DESIGN §4: the reference workflow runner (GET /runner/) and the reference report page (GET /report/, and its PDF at
 * GET /report/pdf), at the addresses the runtime configuration names (workflowRunnerUrl, reportUrl), with their
 * script and style files.
 */
export const referencePageRoutes: FastifyPluginAsync<
  Pick<RouteDeps, 'db'> & { demo: boolean; /** The runtime configuration's apiHost. */ apiHost: string }
> = async (app, { db, demo, apiHost }) => {
  // Two small files, read and compressed once at start (they are not part of the client build), so each request
  // only picks the bytes its Accept-Encoding allows.
  const assets = new Map<string, EncodedBody>();
  for (const name of Object.keys(assetTypes)) {
    assets.set(name, compressOnce(await readFile(path.join(publicDir, name))));
  }

  app.get('/runner/assets/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const body = assets.get(name);
    const type = assetTypes[name];
    if (!body || !type) {
      reply.callNotFound();
      return reply;
    }
    const { payload, encoding } = chooseBody(body, request.headers['accept-encoding']);
    if (encoding) void reply.header('content-encoding', encoding);
    return reply.type(type).header('cache-control', 'no-cache').header('vary', varyAcceptEncoding).send(payload);
  });

  const runner = async (request: Parameters<typeof renderRunnerPage>[0], reply: FastifyReply) =>
    sendPage(reply, renderRunnerPage(request, { demo }));
  app.get('/runner', runner);
  app.get('/runner/', runner);

  const report = async (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(reply, await renderReportPage(db, auditContextOf(request), request.query, apiHost));
  app.get('/report', report);
  app.get('/report/', report);

  // Issue 37: the report opened the spec's way (no token) is read by the page's script with the staff session. A
  // session of a tablet handed to a patient (issue 31) reads nothing here.
  const sessionReaderOf = async (request: FastifyRequest): Promise<ReportSessionReader | null> => {
    const auth = await resolveToken(db, authTokenFrom(request));
    return auth && !auth.handover
      ? {
          userId: auth.userId,
          entitlements: auth.entitlements,
          acceptedPrivacyPolicy: auth.acceptedPrivacyPolicy,
          mayRead: (patientId) =>
            visiblePatient(db, profileScope(auth), patientId).then(
              () => true,
              () => false,
            ),
        }
      : null;
  };
  app.get('/report/content', async (request, reply) =>
    sendPage(
      reply,
      await renderSessionReport(db, auditContextOf(request), request.query, await sessionReaderOf(request)),
    ),
  );

  // The report as a PDF (issue 33): the same parameters and token as the page, the same content, its language.
  // Issue 37: without a token, read with the staff session in the authToken header, as GET /report/content is (the
  // page's or the client's script asks for it and hands the file over), with the same checks.
  app.get('/report/pdf', async (request, reply) => {
    const loaded = await loadReport(
      db,
      auditContextOf(request),
      request.query,
      'export.read',
      await sessionReaderOf(request),
    );
    if (!loaded.ok) return sendPage(reply, refusedReport(loaded.locale, loaded.status));
    const bytes = await renderReportPdf(loaded.content);
    const fileName = reportPdfFileName(loaded.content);
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(Buffer.from(bytes));
  });
};
