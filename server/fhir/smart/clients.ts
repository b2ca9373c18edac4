import { randomUUID } from 'node:crypto';
import type { FhirClient, FhirClientList } from '#common/contract';
import { recordAudit, type AuditActor, type AuditContext } from '../../audit/audit';
import type { Db } from '../../db/db';
import { findProviderService } from '../../db/queries/provider-services';
import {
  findFhirClient,
  insertFhirClient,
  listFhirClients,
  revokeFhirClient,
  type FhirClientRow,
} from '../../db/queries/fhir-clients';
import { notFound, validationFailed } from '../../http/errors';
import { keyIdsOf, loadJwks } from './jwks';

function toFhirClient(row: FhirClientRow): FhirClient {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    providerServiceId: row.providerServiceId,
    providerServiceName: row.providerServiceName,
    keyIds: keyIdsOf(row.jwks),
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Who a backend client acts as in the audit trail: no person, its provider service. */
export function backendClientActor(providerServiceId: number): AuditActor {
  return { userId: null, role: null, providerServiceId, patientSessionOrderId: null, patientId: null };
}

export async function listBackendClients(db: Db): Promise<FhirClientList> {
  const dataList = (await listFhirClients(db)).map(toFhirClient);
  return { dataList, count: dataList.length };
}

/**
 * Registers a backend client for a provider service (issue 38): its key set is loaded key by key (a set the
 * browser found well-formed may still hold a key Node cannot use, or a short RSA key) and stored as sent, and it gets
 * a random client_id of its own.
 */
export async function registerBackendClient(
  db: Db,
  audit: AuditContext,
  input: { providerServiceId: number; name: string; jwks: string },
): Promise<FhirClient> {
  const loaded = loadJwks(input.jwks);
  if ('problem' in loaded) throw validationFailed([{ path: 'jwks', message: loaded.problem }]);
  if (!(await findProviderService(db, input.providerServiceId))) {
    throw validationFailed([{ path: 'providerServiceId', message: 'VALID_UNKNOWN_PROVIDER_SERVICE' }]);
  }
  return db.tx(async (tx) => {
    const id = await insertFhirClient(tx, {
      clientId: randomUUID(),
      providerServiceId: input.providerServiceId,
      name: input.name,
      jwks: input.jwks,
      createdByUserId: audit.actor?.userId ?? null,
    });
    await recordAudit(tx, audit, { action: 'fhirClient.create', entity: 'fhirClient', entityId: id });
    const created = await findFhirClient(tx, id);
    if (!created) throw new Error('registered client not found');
    return toFhirClient(created);
  });
}

/** Revokes a client: its tokens end at once and it gets no new one. Revoking a revoked client changes nothing. */
export async function revokeBackendClient(db: Db, audit: AuditContext, id: number): Promise<FhirClient> {
  return db.tx(async (tx) => {
    const found = await findFhirClient(tx, id);
    if (!found) throw notFound('Backend client not found');
    if (await revokeFhirClient(tx, id, audit.actor?.userId ?? null, new Date())) {
      await recordAudit(tx, audit, { action: 'fhirClient.revoke', entity: 'fhirClient', entityId: id });
    }
    const revoked = await findFhirClient(tx, id);
    if (!revoked) throw notFound('Backend client not found');
    return toFhirClient(revoked);
  });
}
