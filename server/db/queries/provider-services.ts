import {
  defaultLinkExpiryDays,
  defaultReminderAfterDays,
  orderTypesFor,
  type AssessmentOrderType,
  type DeliveryMethod,
  type ProviderService,
  type ProviderServiceOrderBy,
  type ProviderServiceRef,
} from '#common/contract';
import type { Db } from '../db';
import { listBatteries, type BatteryRow as ReferenceBatteryRow } from './references';

// Over 300 lines because a provider service is written as one unit with its child tables (order types, languages,
// batteries) and its provider and service names; splitting reads from writes would scatter that one aggregate.

interface ProviderServiceRefRow {
  id: number;
  providerId: number;
  providerName: string;
  serviceId: number;
  serviceName: string;
}

/** The one workflow the reference runner plays (spec §4: vertical cgm, the four card tasks of a battery). */
const referenceWorkflowDef = 'cgm-cbb';

const refSelect = `
  SELECT ps.id, p.id AS "providerId", p.name AS "providerName", s.id AS "serviceId", s.name AS "serviceName"
  FROM provider_services ps
  JOIN providers p ON p.id = ps.provider_id
  JOIN services s ON s.id = ps.service_id`;

const refOrder = 'ORDER BY lower(p.name), lower(s.name), ps.id';

function toRef(row: ProviderServiceRefRow): ProviderServiceRef {
  return {
    id: row.id,
    provider: { id: row.providerId, name: row.providerName },
    service: { id: row.serviceId, name: row.serviceName },
  };
}

export async function listAllProviderServiceRefs(db: Db): Promise<ProviderServiceRef[]> {
  const rows = await db.query<ProviderServiceRefRow>(`${refSelect} ${refOrder}`);
  return rows.map(toRef);
}

export async function listUserProviderServiceRefs(db: Db, userId: number): Promise<ProviderServiceRef[]> {
  const rows = await db.query<ProviderServiceRefRow>(
    `${refSelect}
     JOIN user_provider_services ups ON ups.provider_service_id = ps.id
     WHERE ups.user_id = $1
     ${refOrder}`,
    [userId],
  );
  return rows.map(toRef);
}

/* ---- Provider-service administration (spec §2 /manage/cops, §5, §7) ---- */

interface ProviderServiceBaseRow extends ProviderServiceRefRow {
  reportTypeId: number;
  reportTypeName: string;
  deliveryMethod: DeliveryMethod;
  linkExpiryDays: number;
  reminderAfterDays: number;
  contactPhone: string;
}

interface OrderTypeRow extends AssessmentOrderType {
  providerServiceId: number;
}
interface LanguageRow {
  providerServiceId: number;
  localityId: string;
  name: string;
  isDefault: boolean;
}
interface BatteryRow {
  providerServiceId: number;
  code: string;
  name: string;
  isDefault: boolean;
}

const baseSelect = `
  SELECT ps.id, p.id AS "providerId", p.name AS "providerName", s.id AS "serviceId", s.name AS "serviceName",
    rt.id AS "reportTypeId", rt.name AS "reportTypeName", ps.delivery_method AS "deliveryMethod",
    ps.link_expiry_days AS "linkExpiryDays", ps.reminder_after_days AS "reminderAfterDays",
    ps.contact_phone AS "contactPhone"
  FROM provider_services ps
  JOIN providers p ON p.id = ps.provider_id
  JOIN services s ON s.id = ps.service_id
  JOIN report_types rt ON rt.id = ps.report_type_id`;

/** Full provider services for the given ids, in the order of the ids (a page keeps its sort). */
export async function findProviderServices(db: Db, ids: readonly number[]): Promise<ProviderService[]> {
  if (ids.length === 0) return [];
  const idList = [...ids];
  // One query after another: inside a transaction a PostgreSQL client runs a single query at a time.
  const bases = await db.query<ProviderServiceBaseRow>(`${baseSelect} WHERE ps.id = ANY($1::int[])`, [idList]);
  const orderTypes = await db.query<OrderTypeRow>(
    `SELECT link.provider_service_id AS "providerServiceId", t.id, t.name, link.is_default AS "isDefault",
       t.display_order AS "displayOrder"
     FROM provider_service_order_types link JOIN assessment_order_types t ON t.id = link.order_type
     WHERE link.provider_service_id = ANY($1::int[]) ORDER BY t.display_order`,
    [idList],
  );
  const languages = await db.query<LanguageRow>(
    `SELECT link.provider_service_id AS "providerServiceId", l.id AS "localityId", l.name,
       link.is_default AS "isDefault"
     FROM provider_service_languages link JOIN localities l ON l.id = link.locality_id
     WHERE link.provider_service_id = ANY($1::int[]) ORDER BY l.display_order, l.id`,
    [idList],
  );
  const batteries = await db.query<BatteryRow>(
    `SELECT link.provider_service_id AS "providerServiceId", b.code, b.name, link.is_default AS "isDefault"
     FROM provider_service_batteries link JOIN batteries b ON b.code = link.battery_code
     WHERE link.provider_service_id = ANY($1::int[]) ORDER BY b.display_order, b.code`,
    [idList],
  );
  const allBatteries = await listBatteries(db);
  const byId = new Map(bases.map((row) => [row.id, row]));
  return idList.flatMap((id): ProviderService[] => {
    const base = byId.get(id);
    if (!base) return [];
    const ownLanguages = languages.filter((row) => row.providerServiceId === id);
    const ownBatteries = batteries.filter((row) => row.providerServiceId === id);
    const offered = new Set(ownBatteries.map((row) => row.code));
    return [
      {
        ...toRef(base),
        reportType: { id: base.reportTypeId, name: base.reportTypeName },
        deliveryMethod: base.deliveryMethod,
        supportedAssessmentOrderTypes: orderTypes
          .filter((row) => row.providerServiceId === id)
          .map(({ id: typeId, name, isDefault, displayOrder }) => ({ id: typeId, name, isDefault, displayOrder })),
        supportedAssessmentLanguages: ownLanguages.map((row) => ({
          id: row.localityId,
          localityId: row.localityId,
          name: row.name,
          isDefault: row.isDefault,
        })),
        defaultAssessmentLanguage: ownLanguages.find((row) => row.isDefault)?.localityId ?? null,
        supportedBatteryTypes: ownBatteries.map(({ code, name, isDefault }) => ({ code, name, isDefault })),
        configurationsToggledBatteryTypes: Object.fromEntries(
          allBatteries.map((battery) => [battery.name, offered.has(battery.code)]),
        ),
        workflowDef: referenceWorkflowDef,
        battery: (ownBatteries.find((row) => row.isDefault) ?? ownBatteries[0])?.code ?? null,
        linkExpiryDays: base.linkExpiryDays,
        reminderAfterDays: base.reminderAfterDays,
        contactPhone: base.contactPhone,
      },
    ];
  });
}

export async function findProviderService(db: Db, id: number): Promise<ProviderService | null> {
  const [found] = await findProviderServices(db, [id]);
  return found ?? null;
}

/** Sort expressions by column name: only these strings ever reach the SQL text. */
const orderExpressions: Readonly<Record<ProviderServiceOrderBy, readonly string[]>> = {
  'Provider.Name': ['lower(p.name)', 'lower(s.name)'],
  'Service.Name': ['lower(s.name)', 'lower(p.name)'],
  'ReportType.Name': ['lower(rt.name)', 'lower(p.name)', 'lower(s.name)'],
  DeliveryMethod: ['ps.delivery_method', 'lower(p.name)', 'lower(s.name)'],
  'DefaultLanguage.Name': ['lower(dl.name)', 'lower(p.name)', 'lower(s.name)'],
};

/** LIKE treats % and _ as wildcards; a search for '100%' must find the text '100%'. */
function likePattern(text: string): string | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '') return null;
  return `%${trimmed.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface ProviderServicePageRequest {
  searchText: string;
  orderBy: ProviderServiceOrderBy;
  ascending: boolean;
  skip: number;
  take: number;
}

/**
 * One page of provider services matching the search (merged name 'provider -- service', report type or
 * default language), plus the count of all matches.
 */
export async function listProviderServices(
  db: Db,
  request: ProviderServicePageRequest,
): Promise<{ dataList: ProviderService[]; count: number }> {
  const pattern = likePattern(request.searchText);
  const from = `
    FROM provider_services ps
    JOIN providers p ON p.id = ps.provider_id
    JOIN services s ON s.id = ps.service_id
    JOIN report_types rt ON rt.id = ps.report_type_id
    LEFT JOIN provider_service_languages dl_link ON dl_link.provider_service_id = ps.id AND dl_link.is_default
    LEFT JOIN localities dl ON dl.id = dl_link.locality_id
    WHERE $1::text IS NULL
      OR lower(p.name || ' -- ' || s.name) LIKE $1 ESCAPE '\\'
      OR lower(rt.name) LIKE $1 ESCAPE '\\'
      OR lower(coalesce(dl.name, '')) LIKE $1 ESCAPE '\\'`;
  const direction = request.ascending ? 'ASC' : 'DESC';
  const orderBy = [...orderExpressions[request.orderBy], 'ps.id']
    .map((expression) => `${expression} ${direction} NULLS LAST`)
    .join(', ');
  const [countRows, idRows] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*) AS n ${from}`, [pattern]),
    db.query<{ id: number }>(`SELECT ps.id ${from} ORDER BY ${orderBy} LIMIT $2 OFFSET $3`, [
      pattern,
      request.take,
      request.skip,
    ]),
  ]);
  return {
    dataList: await findProviderServices(
      db,
      idRows.map((row) => row.id),
    ),
    count: countRows[0]?.n ?? 0,
  };
}

/** The batteries one provider service offers, in display order, with its default. */
/** Every battery, selected (and possibly default) where the provider service offers it. */
export async function listProviderServiceBatteries(db: Db, providerServiceId: number): Promise<ReferenceBatteryRow[]> {
  return db.query<ReferenceBatteryRow>(
    `SELECT b.code AS id, b.code, b.name, b.description, b.display_order AS "displayOrder",
            coalesce(link.is_default, false) AS "isDefault", link.battery_code IS NOT NULL AS selected
     FROM batteries b
     LEFT JOIN provider_service_batteries link ON link.battery_code = b.code AND link.provider_service_id = $1
     ORDER BY b.display_order, b.code`,
    [providerServiceId],
  );
}

/** What a create or update stores, already validated against the reference tables. */
export interface ProviderServiceWrite {
  providerName: string;
  serviceName: string;
  reportTypeId: number;
  deliveryMethod: DeliveryMethod;
  batteryCodes: readonly string[];
  localities: readonly { localityId: string; isDefault: boolean }[];
  /** Issue 18; unset keeps the current values (or the defaults of a new provider service). */
  linkExpiryDays?: number;
  reminderAfterDays?: number;
  /** Issue 32; unset keeps the current number (none for a new provider service). */
  contactPhone?: string;
}

/** A provider service's own columns, in the order the insert and the update name them (unset days: null). */
function serviceValues(providerId: number, serviceId: number, write: ProviderServiceWrite): unknown[] {
  return [
    providerId,
    serviceId,
    write.reportTypeId,
    write.deliveryMethod,
    write.linkExpiryDays ?? null,
    write.reminderAfterDays ?? null,
    write.contactPhone ?? null,
  ];
}

/** Thrown when another provider service already pairs this provider with this service. */
export class DuplicateProviderServiceError extends Error {
  constructor(readonly mergedName: string) {
    super('duplicate provider service');
    this.name = 'DuplicateProviderServiceError';
  }
}

type NamedTable = 'providers' | 'services';
const linkColumn: Readonly<Record<NamedTable, string>> = { providers: 'provider_id', services: 'service_id' };

/**
 * The id of the provider (or service) with this name, compared without case as the unique index does.
 * On edit, a name nobody else has renames the current row in place when only this provider service
 * uses it, so ids stay stable and no orphan rows pile up; otherwise a new row is made.
 */
async function resolveNamedRow(
  tx: Db,
  table: NamedTable,
  name: string,
  current: { rowId: number; providerServiceId: number } | null,
): Promise<number> {
  const [existing] = await tx.query<{ id: number }>(`SELECT id FROM ${table} WHERE lower(name) = lower($1)`, [name]);
  if (existing) {
    if (existing.id === current?.rowId) {
      // Same row: keep the casing the user typed.
      await tx.query(`UPDATE ${table} SET name = $2, updated_at = now() WHERE id = $1 AND name <> $2`, [
        existing.id,
        name,
      ]);
    }
    return existing.id;
  }
  if (current) {
    const [shared] = await tx.query<{ n: number }>(
      `SELECT count(*) AS n FROM provider_services WHERE ${linkColumn[table]} = $1 AND id <> $2`,
      [current.rowId, current.providerServiceId],
    );
    if ((shared?.n ?? 0) === 0) {
      await tx.query(`UPDATE ${table} SET name = $2, updated_at = now() WHERE id = $1`, [current.rowId, name]);
      return current.rowId;
    }
  }
  const [inserted] = await tx.query<{ id: number }>(`INSERT INTO ${table} (name) VALUES ($1) RETURNING id`, [name]);
  if (!inserted) throw new Error(`${table} insert returned no row`);
  return inserted.id;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

async function writeChildren(
  tx: Db,
  id: number,
  write: ProviderServiceWrite,
  previous: ProviderService | null,
): Promise<void> {
  // Order types follow the delivery method; the earlier default survives when still offered, else HOME first.
  const orderTypes = orderTypesFor(write.deliveryMethod);
  const previousDefaultType = previous?.supportedAssessmentOrderTypes.find((type) => type.isDefault)?.id;
  const defaultType =
    previousDefaultType && orderTypes.includes(previousDefaultType) ? previousDefaultType : orderTypes[0];
  await tx.query('DELETE FROM provider_service_order_types WHERE provider_service_id = $1', [id]);
  for (const orderType of orderTypes) {
    await tx.query(
      'INSERT INTO provider_service_order_types (provider_service_id, order_type, is_default) VALUES ($1, $2, $3)',
      [id, orderType, orderType === defaultType],
    );
  }

  // Languages are only ever added (spec §4: previously added localities are locked); the default may move.
  await tx.query('UPDATE provider_service_languages SET is_default = false WHERE provider_service_id = $1', [id]);
  for (const locality of write.localities) {
    await tx.query(
      `INSERT INTO provider_service_languages (provider_service_id, locality_id, is_default) VALUES ($1, $2, $3)
       ON CONFLICT (provider_service_id, locality_id) DO UPDATE SET is_default = EXCLUDED.is_default`,
      [id, locality.localityId, locality.isDefault],
    );
  }

  // Batteries: the earlier default survives when still offered, else the first in display order.
  const [firstInOrder] = await tx.query<{ code: string }>(
    'SELECT code FROM batteries WHERE code = ANY($1::text[]) ORDER BY display_order, code LIMIT 1',
    [[...write.batteryCodes]],
  );
  const previousDefaultBattery = previous?.supportedBatteryTypes.find((battery) => battery.isDefault)?.code;
  const defaultBattery =
    previousDefaultBattery && write.batteryCodes.includes(previousDefaultBattery)
      ? previousDefaultBattery
      : firstInOrder?.code;
  await tx.query('DELETE FROM provider_service_batteries WHERE provider_service_id = $1', [id]);
  for (const code of write.batteryCodes) {
    await tx.query(
      'INSERT INTO provider_service_batteries (provider_service_id, battery_code, is_default) VALUES ($1, $2, $3)',
      [id, code, code === defaultBattery],
    );
  }
}

async function assertPairFree(
  tx: Db,
  providerId: number,
  serviceId: number,
  exceptId: number | null,
  write: ProviderServiceWrite,
): Promise<void> {
  const [taken] = await tx.query<{ id: number }>(
    'SELECT id FROM provider_services WHERE provider_id = $1 AND service_id = $2 AND id <> coalesce($3::int, -1)',
    [providerId, serviceId, exceptId],
  );
  if (taken) throw new DuplicateProviderServiceError(`${write.providerName} -- ${write.serviceName}`);
}

export async function createProviderService(db: Db, write: ProviderServiceWrite): Promise<ProviderService> {
  try {
    const id = await db.tx(async (tx) => {
      const providerId = await resolveNamedRow(tx, 'providers', write.providerName, null);
      const serviceId = await resolveNamedRow(tx, 'services', write.serviceName, null);
      await assertPairFree(tx, providerId, serviceId, null, write);
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO provider_services (provider_id, service_id, report_type_id, delivery_method, link_expiry_days,
           reminder_after_days, contact_phone)
         VALUES ($1, $2, $3, $4, coalesce($5::int, ${String(defaultLinkExpiryDays)}),
           coalesce($6::int, ${String(defaultReminderAfterDays)}), coalesce($7::text, ''))
         RETURNING id`,
        serviceValues(providerId, serviceId, write),
      );
      if (!row) throw new Error('provider service insert returned no row');
      await writeChildren(tx, row.id, write, null);
      return row.id;
    });
    const created = await findProviderService(db, id);
    if (!created) throw new Error('created provider service not found');
    return created;
  } catch (error) {
    // Two administrators adding the same pair at once: the loser gets the same clear answer.
    if (isUniqueViolation(error))
      throw new DuplicateProviderServiceError(`${write.providerName} -- ${write.serviceName}`);
    throw error;
  }
}

/** Null when no provider service has this id. */
export async function updateProviderService(
  db: Db,
  id: number,
  write: ProviderServiceWrite,
): Promise<ProviderService | null> {
  try {
    const found = await db.tx(async (tx) => {
      const previous = await findProviderService(tx, id);
      if (!previous) return false;
      const providerId = await resolveNamedRow(tx, 'providers', write.providerName, {
        rowId: previous.provider.id,
        providerServiceId: id,
      });
      const serviceId = await resolveNamedRow(tx, 'services', write.serviceName, {
        rowId: previous.service.id,
        providerServiceId: id,
      });
      await assertPairFree(tx, providerId, serviceId, id, write);
      await tx.query(
        `UPDATE provider_services SET provider_id = $2, service_id = $3, report_type_id = $4, delivery_method = $5,
           link_expiry_days = coalesce($6::int, link_expiry_days),
           reminder_after_days = coalesce($7::int, reminder_after_days),
           contact_phone = coalesce($8::text, contact_phone), updated_at = now()
         WHERE id = $1`,
        [id, ...serviceValues(providerId, serviceId, write)],
      );
      await writeChildren(tx, id, write, previous);
      return true;
    });
    return found ? await findProviderService(db, id) : null;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new DuplicateProviderServiceError(`${write.providerName} -- ${write.serviceName}`);
    throw error;
  }
}
