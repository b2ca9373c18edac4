import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import type { RouteDeps } from '../http/route-deps';
import { resolveFhirAccess } from './access';
import { capabilityStatement } from './capability';
import { operationOutcome, outcomeOf, FhirError } from './outcome';
import { isFhirResourceType, type FhirResource, type FhirResourceType } from './profiles';
import { patientEverything, readFhirResource, readReportPdf, searchFhirResources } from './reading';

export const fhirBasePath = '/fhir/R4';
export const fhirContentType = 'application/fhir+json; charset=utf-8';

export interface FhirRouteDeps extends RouteDeps {
  version: string;
}

function send(reply: FastifyReply, status: number, body: Resource): FastifyReply {
  // Patient data: no cache may keep it.
  return reply.code(status).type(fhirContentType).header('cache-control', 'no-store').send(body);
}

function searchset(base: string, resources: readonly FhirResource[]): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    timestamp: new Date().toISOString(),
    total: resources.length,
    entry: resources.map((resource) => ({
      fullUrl: `${base}/${resource.resourceType}/${resource.id ?? ''}`,
      resource,
      search: { mode: 'match' },
    })),
  };
}

function resourceType(type: string): FhirResourceType {
  if (!isFhirResourceType(type)) {
    throw new FhirError(404, 'not-supported', `The resource type '${type}' is not offered (see metadata)`);
  }
  return type;
}

/**
 * Issue 38: the read-only FHIR R4 API at /fhir/R4 (application/fhir+json): metadata, read by id, search, and
 * Patient/{id}/$everything. Every answer, refusals included, is FHIR: an OperationOutcome with 4xx, never an HTML
 * page or the API's own error shape.
 */
export const fhirRoutes: FastifyPluginCallback<FhirRouteDeps> = (app, deps, done) => {
  const { db } = deps;
  const base = () => `${deps.publicOrigin()}${fhirBasePath}`;

  app.setErrorHandler((error, request, reply) => {
    const { status, outcome } = outcomeOf(error);
    if (status >= 500) request.log.error({ err: error }, 'FHIR request failed');
    return send(reply, status, outcome);
  });
  // Every other path and method under /fhir/R4 (the app's own not-found answer is not FHIR).
  const noSuchInteraction = async (_request: unknown, reply: FastifyReply) =>
    send(reply, 404, operationOutcome('not-found', 'No such FHIR interaction (see metadata)'));
  app.all('/', noSuchInteraction);
  app.all('/*', noSuchInteraction);

  app.get('/metadata', async (_request, reply) =>
    send(reply, 200, capabilityStatement({ base: base(), version: deps.version })),
  );

  app.get('/Patient/:id/$everything', async (request, reply) => {
    const access = await resolveFhirAccess(request, reply, db, { type: 'Patient', interaction: 'read' });
    const { id } = request.params as { id: string };
    // A backend client gets the types its scopes grant, of the patient's whole record.
    const everything = (await patientEverything(db, access, id)).filter((item) => access.mayRead(item.resourceType));
    return send(reply, 200, searchset(base(), everything));
  });

  // The report PDF of a DiagnosticReport's presentedForm (Binary is served for these only, as the PDF itself).
  app.get('/Binary/:id', async (request, reply) => {
    const access = await resolveFhirAccess(request, reply, db, { type: 'DiagnosticReport', interaction: 'read' });
    const { bytes, fileName } = await readReportPdf(db, access, (request.params as { id: string }).id);
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `inline; filename="${fileName}"`)
      .send(Buffer.from(bytes));
  });

  app.get('/:type', async (request, reply) => {
    const type = resourceType((request.params as { type: string }).type);
    const access = await resolveFhirAccess(request, reply, db, { type, interaction: 'search' });
    const query = request.query as Record<string, unknown>;
    return send(reply, 200, searchset(base(), await searchFhirResources(db, access, type, query)));
  });

  app.get('/:type/:id', async (request, reply) => {
    const params = request.params as { type: string; id: string };
    const type = resourceType(params.type);
    const access = await resolveFhirAccess(request, reply, db, { type, interaction: 'read' });
    return send(reply, 200, await readFhirResource(db, access, type, params.id));
  });
  done();
};
