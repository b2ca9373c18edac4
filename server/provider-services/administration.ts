import type { Battery, ProviderService, ProviderServiceRef } from '#common/contract';
import type { InterfaceLanguage } from '#common/languages';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { AuthContext } from '../auth/session-service';
import type { Db } from '../db/db';
import {
  createProviderService,
  DuplicateProviderServiceError,
  findProviderService,
  listAllProviderServiceRefs,
  listProviderServiceBatteries,
  listUserProviderServiceRefs,
  updateProviderService,
  type ProviderServiceWrite,
} from '../db/queries/provider-services';
import { HttpError, notFound, validationFailed, type FieldError } from '../http/errors';
import { listBatteries, listLocalities, listReportTypes, withLocalizedText } from '../references/lists';

export { listProviderServices } from '../db/queries/provider-services';

const duplicateConflict = (mergedName: string): HttpError =>
  new HttpError(409, 'DUPLICATE_PROVIDER_SERVICE', `The provider service "${mergedName}" already exists.`, [
    { path: 'providerName', message: 'VALID_PROVIDER_SERVICE_EXISTS' },
    { path: 'serviceName', message: 'VALID_PROVIDER_SERVICE_EXISTS' },
  ]);

/** The ids in the body must name real reference rows; a wrong one is the caller's mistake (400), not a 500. */
async function checkReferences(db: Db, write: ProviderServiceWrite): Promise<void> {
  const [reportTypes, batteries, localities] = [
    await listReportTypes(db),
    await listBatteries(db),
    await listLocalities(db),
  ];
  const fields: FieldError[] = [];
  if (!reportTypes.some((type) => type.id === write.reportTypeId)) {
    fields.push({ path: 'reportTypeId', message: 'VALID_UNKNOWN_REPORT_TYPE' });
  }
  const batteryCodes = new Set(batteries.map((battery) => battery.code));
  write.batteryCodes.forEach((code, index) => {
    if (!batteryCodes.has(code))
      fields.push({ path: `batteryCodes.${String(index)}`, message: 'VALID_UNKNOWN_BATTERY' });
  });
  const localityIds = new Set(localities.map((locality) => locality.id));
  write.localities.forEach((locality, index) => {
    if (!localityIds.has(locality.localityId)) {
      fields.push({ path: `localities.${String(index)}.localityId`, message: 'VALID_UNKNOWN_LANGUAGE' });
    }
  });
  if (fields.length > 0) throw validationFailed(fields);
}

/** Two provider services may not share a provider and service name: 409 on both fields. */
async function unlessDuplicate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DuplicateProviderServiceError) throw duplicateConflict(error.mergedName);
    throw error;
  }
}

/** One provider service, or 404. */
export async function readProviderService(db: Db, id: number): Promise<ProviderService> {
  const found = await findProviderService(db, id);
  if (!found) throw notFound('Provider service not found');
  return found;
}

/** The provider services the caller may choose now (cops: all, including ones added since sign-in). */
export function choosableProviderServices(db: Db, auth: AuthContext): Promise<ProviderServiceRef[]> {
  return auth.role === 'cops' || auth.userId === null
    ? listAllProviderServiceRefs(db)
    : listUserProviderServiceRefs(db, auth.userId);
}

/** A provider service's batteries, each named in the caller's interface language; 404 for an unknown one. */
export async function providerServiceBatteries(
  db: Db,
  providerServiceId: number,
  language: InterfaceLanguage,
): Promise<Battery[]> {
  if (!(await findProviderService(db, providerServiceId))) throw notFound('Provider service not found');
  return withLocalizedText(await listProviderServiceBatteries(db, providerServiceId), language);
}

/** Spec §4 Add provider service. */
export async function addProviderService(
  db: Db,
  audit: AuditContext,
  write: ProviderServiceWrite,
): Promise<ProviderService> {
  await checkReferences(db, write);
  return unlessDuplicate(() =>
    db.tx(async (tx) => {
      const created = await createProviderService(tx, write);
      await recordAudit(tx, audit, {
        action: 'providerService.create',
        entity: 'providerService',
        entityId: created.id,
      });
      return created;
    }),
  );
}

/** Spec §4 Edit provider service: a language once added stays; patients and orders may already use it. */
export async function editProviderService(
  db: Db,
  audit: AuditContext,
  id: number,
  write: ProviderServiceWrite,
): Promise<ProviderService> {
  const previous = await findProviderService(db, id);
  if (!previous) throw notFound('Provider service not found');
  const kept = new Set(write.localities.map((locality) => locality.localityId));
  const removed = previous.supportedAssessmentLanguages.filter((language) => !kept.has(language.localityId));
  if (removed.length > 0) {
    // A translation key, once: the client shows it in the interface language.
    throw validationFailed([{ path: 'localities', message: 'VALID_LANGUAGE_CANNOT_BE_REMOVED' }]);
  }
  await checkReferences(db, write);
  return unlessDuplicate(() =>
    db.tx(async (tx) => {
      const updated = await updateProviderService(tx, id, write);
      if (!updated) throw notFound('Provider service not found');
      await recordAudit(tx, audit, { action: 'providerService.update', entity: 'providerService', entityId: id });
      return updated;
    }),
  );
}
