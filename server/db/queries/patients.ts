import type { GenderId, PatientOrderBy, ProfileProviderService } from '#common/contract';
import type { Db } from '../db';
import { openOrder } from './order-events';
import {
  addressColumns,
  addressJoins,
  addressParams,
  orNull,
  type AddressRow,
  type AddressValues,
} from './person-address';
import {
  profileProviderServicesJson,
  toProfileProviderServices,
  type ProfileProviderServiceRow,
} from './profile-provider-services';
import { queryOne } from './query-one';

/** Which patients a caller may see: null provider services means all (cops); disabled ones only for cops. */
export interface PatientScope {
  providerServiceIds: readonly number[] | null;
  includeDisabled: boolean;
}

/** Spec §2: all patients, patients with results, patients with outstanding orders. */
export type PatientListKind = 'all' | 'withResults' | 'outstandingOrders';

export interface PatientListQuery {
  kind: PatientListKind;
  searchText: string;
  orderBy: PatientOrderBy;
  ascending: boolean;
  skip: number;
  take: number;
}

/** What a patient is given when added or edited: stored as written, read back as is. */
interface PatientFields {
  providerServiceId: number;
  firstName: string;
  middleInitial: string;
  lastName: string;
  dateOfBirth: string;
  gender: GenderId;
  email: string;
  phone: string;
  defaultLanguage: string;
}

export interface PatientRow extends AddressRow, PatientFields {
  id: number;
  isDisabled: boolean;
  openOrdersCount: number;
  lastOpenOrderDate: Date | null;
  lastCompletionDate: Date | null;
}

const openOrders = `(SELECT count(*) FROM assessment_orders o WHERE o.patient_id = p.id AND ${openOrder})`;
const lastCompletion = `(SELECT max(o.completed_date_time) FROM assessment_orders o WHERE o.patient_id = p.id)`;

/**
 * A person list's sort: the chosen key first (none for the name itself), then the name (last, first, ignoring
 * case), then the id, so pages never overlap or skip a row. `alias` is the person table's alias in the query.
 */
export function byKeyThenName(alias: string, dir: 'ASC' | 'DESC', key?: string): string {
  const byName = `lower(${alias}.last_name) ${dir}, lower(${alias}.first_name) ${dir}, ${alias}.id ${dir}`;
  return key === undefined ? byName : `${key}, ${byName}`;
}

function orderClause(orderBy: PatientOrderBy, ascending: boolean): string {
  const dir = ascending ? 'ASC' : 'DESC';
  const nulls = ascending ? 'NULLS LAST' : 'NULLS FIRST';
  switch (orderBy) {
    case 'name':
      return byKeyThenName('p', dir);
    case 'dateOfBirth':
      return byKeyThenName('p', dir, `p.date_of_birth ${dir}`);
    case 'gender':
      return byKeyThenName('p', dir, `p.gender ${dir}`);
    case 'email':
      return byKeyThenName('p', dir, `lower(coalesce(p.email, '')) ${dir}`);
    case 'openOrdersCount':
      return byKeyThenName('p', dir, `${openOrders} ${dir}`);
    case 'lastAssessmentOrderCompletionDate':
      return byKeyThenName('p', dir, `${lastCompletion} ${dir} ${nulls}`);
  }
}

/** LIKE pattern for a search text: the text is literal (its % and _ are escaped), matched anywhere. */
export function containsPattern(searchText: string): string {
  return `%${searchText
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Control characters never belong in a search; chr(1) also separates the fields of patient_search_text. */
function withoutControlCharacters(text: string): string {
  let kept = '';
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 32 && code !== 127) kept += text.charAt(index);
  }
  return kept;
}

/**
 * The WHERE clause of a list and its parameters, shaped for the call: a clause that does not apply is left out
 * rather than switched off by a parameter, so the planner sees the query it can use an index for (the name-order
 * index of one provider service; the trigram index of patient_search_text for a search).
 */
function whereClause(
  kind: PatientListKind,
  scope: PatientScope,
  searchText: string,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${String(params.length)}`;
  };
  const conditions: string[] = [];
  const services = scope.providerServiceIds;
  if (services !== null) {
    conditions.push(
      services.length === 1
        ? `p.provider_service_id = ${param(services[0])}::int`
        : `p.provider_service_id = ANY(${param([...services])}::int[])`,
    );
  }
  if (!scope.includeDisabled) conditions.push('NOT p.is_disabled');
  const search = withoutControlCharacters(searchText);
  if (search.trim() !== '') {
    conditions.push(
      `patient_search_text(p.first_name, p.last_name, p.email, p.phone) LIKE ${param(containsPattern(search))}`,
    );
  }
  if (kind === 'withResults') {
    conditions.push(`EXISTS (SELECT 1 FROM assessment_orders o WHERE o.patient_id = p.id AND o.status = 'FINI')`);
  } else if (kind === 'outstandingOrders') {
    conditions.push(`EXISTS (SELECT 1 FROM assessment_orders o WHERE o.patient_id = p.id AND ${openOrder})`);
  }
  return { sql: conditions.length > 0 ? conditions.join(' AND ') : 'true', params };
}

const patientColumns = `
  p.id,
  p.provider_service_id AS "providerServiceId",
  p.first_name AS "firstName",
  coalesce(p.middle_initial, '') AS "middleInitial",
  p.last_name AS "lastName",
  p.date_of_birth AS "dateOfBirth",
  p.gender,
  coalesce(p.email, '') AS email,
  coalesce(p.phone, '') AS phone,
  ${addressColumns('p')},
  p.default_language AS "defaultLanguage",
  p.is_disabled AS "isDisabled",
  coalesce(os.open_count, 0) AS "openOrdersCount",
  os.last_open AS "lastOpenOrderDate",
  os.last_completed AS "lastCompletionDate"`;

const patientJoins = `${addressJoins('p')}
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE ${openOrder}) AS open_count,
           max(o.schedule_date_time) FILTER (WHERE ${openOrder}) AS last_open,
           max(o.completed_date_time) AS last_completed
    FROM assessment_orders o WHERE o.patient_id = p.id
  ) os ON true`;

/** A patient row as JSON carries it: timestamps arrive as ISO text. */
type PatientJsonRow = Omit<PatientRow, 'lastOpenOrderDate' | 'lastCompletionDate'> & {
  lastOpenOrderDate: string | null;
  lastCompletionDate: string | null;
};

function fromJsonRow(row: PatientJsonRow): PatientRow {
  return {
    ...row,
    lastOpenOrderDate: row.lastOpenOrderDate === null ? null : new Date(row.lastOpenOrderDate),
    lastCompletionDate: row.lastCompletionDate === null ? null : new Date(row.lastCompletionDate),
  };
}

export interface PatientPage {
  rows: PatientRow[];
  count: number;
  /** The provider services the page's patients belong to, by id. */
  providerServices: Map<number, ProfileProviderService>;
}

/**
 * One page of a patient list, its total count and its patients' provider services in one statement answering one
 * row: a page is the hottest call of the product, and on PGlite every statement and every result row costs more
 * than the work inside the database. The page is chosen on the patients table alone (ordered and limited first, so
 * an index can serve it) and only its rows get their order summaries.
 */
export async function listPatients(db: Db, scope: PatientScope, query: PatientListQuery): Promise<PatientPage> {
  const where = whereClause(query.kind, scope, query.searchText);
  const order = orderClause(query.orderBy, query.ascending);
  const take = `$${String(where.params.length + 1)}`;
  const skip = `$${String(where.params.length + 2)}`;
  const [result] = await db.query<{
    count: number;
    rows: PatientJsonRow[];
    providerServices: ProfileProviderServiceRow[];
  }>(
    `WITH page AS MATERIALIZED (
       SELECT p.* FROM patients p WHERE ${where.sql} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}
     )
     SELECT (SELECT count(*) FROM patients p WHERE ${where.sql}) AS count,
            (SELECT coalesce(json_agg(r ORDER BY r.position), '[]')
             FROM (SELECT ${patientColumns}, row_number() OVER (ORDER BY ${order}) AS position
                   FROM page p ${patientJoins}) r) AS rows,
            ${profileProviderServicesJson('ps.id IN (SELECT provider_service_id FROM page)')} AS "providerServices"`,
    [...where.params, query.take, query.skip],
    // The search variant is left to a fresh plan each time: its best plan depends on the text searched. Either is
    // the same answer until the next write (db.ts).
    { prepare: query.searchText.trim() === '', cache: true },
  );
  if (!result) throw new Error('Patient list answered no row');
  return {
    // The extra position of each row is never read: profiles are mapped field by field (profiles/mapping.ts).
    rows: result.rows.map(fromJsonRow),
    count: result.count,
    providerServices: toProfileProviderServices(result.providerServices),
  };
}

export async function findPatient(db: Db, scope: PatientScope, id: number): Promise<PatientRow | null> {
  const where = whereClause('all', scope, '');
  return queryOne<PatientRow>(
    db,
    `SELECT ${patientColumns} FROM patients p ${patientJoins}
     WHERE p.id = $${String(where.params.length + 1)} AND ${where.sql}`,
    [...where.params, id],
  );
}

export interface PatientValues extends AddressValues, PatientFields {}

function valueParams(values: PatientValues): unknown[] {
  return [
    values.providerServiceId,
    values.firstName,
    orNull(values.middleInitial),
    values.lastName,
    values.dateOfBirth,
    values.gender,
    orNull(values.email),
    orNull(values.phone),
    ...addressParams(values),
    values.defaultLanguage,
  ];
}

export async function insertPatient(db: Db, values: PatientValues): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO patients (provider_service_id, first_name, middle_initial, last_name, date_of_birth, gender, email,
       phone, address_line1, address_line2, city, state_code, postal_code, country_code, default_language)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     RETURNING id`,
    valueParams(values),
  );
  if (!row) throw new Error('Patient insert returned no row');
  return row.id;
}

/** The provider service is part of the values but kept: a profile moves between services only by an administrator. */
export async function updatePatient(db: Db, id: number, values: PatientValues): Promise<void> {
  await db.query(
    `UPDATE patients SET first_name = $2, middle_initial = $3, last_name = $4, date_of_birth = $5, gender = $6,
       email = $7, phone = $8, address_line1 = $9, address_line2 = $10, city = $11, state_code = $12,
       postal_code = $13, country_code = $14, default_language = $15, updated_at = now()
     WHERE id = $1`,
    [id, ...valueParams(values).slice(1)],
  );
}

export async function setPatientDisabled(db: Db, id: number, disabled: boolean): Promise<void> {
  await db.query('UPDATE patients SET is_disabled = $2, updated_at = now() WHERE id = $1', [id, disabled]);
}

/** Spec §3 updatePatientDefaultEmailToAssessmentOrderEmail: an order may make its email the patient's default. */
export async function setPatientEmail(db: Db, id: number, email: string): Promise<void> {
  await db.query('UPDATE patients SET email = $2, updated_at = now() WHERE id = $1', [id, email]);
}

/** A patient's default language, whatever their state; null for an unknown id. */
export async function findPatientDefaultLanguage(db: Db, id: number): Promise<string | null> {
  const rows = await db.query<{ defaultLanguage: string }>(
    'SELECT default_language AS "defaultLanguage" FROM patients WHERE id = $1',
    [id],
  );
  return rows[0]?.defaultLanguage ?? null;
}
