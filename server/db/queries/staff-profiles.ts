import type { LoginRole, StaffOrderBy, StaffProfileType } from '#common/contract';
import type { Db } from '../db';
import { byKeyThenName, containsPattern } from './patients';
import * as person from './person-address';
import { queryOne } from './query-one';

/** Clinician and technician profiles are the users rows themselves (healthcareProfileId = users.id). */
export const loginRoleOf: Readonly<Record<StaffProfileType, LoginRole>> = {
  clinician: 'Healthcare Clinician',
  technician: 'Healthcare Technician',
};

/** Null provider services: all (cops). A staff profile is visible when it shares a provider service with the caller. */
export interface StaffScope {
  providerServiceIds: readonly number[] | null;
  includeDisabled: boolean;
}

export interface StaffListQuery {
  searchText: string;
  orderBy: StaffOrderBy;
  ascending: boolean;
  skip: number;
  take: number;
}

/** A staff member's own fields, as written and as read back. */
interface StaffFields {
  firstName: string;
  middleInitial: string;
  lastName: string;
  email: string;
  phone: string;
  specialtyId: number | null;
  medicalLicenseNumber: string;
}

export interface StaffRow extends person.AddressRow, StaffFields {
  id: number;
  specialtyName: string | null;
  firstTimeSetupComplete: boolean;
  isDisabled: boolean;
  providerServiceIds: number[];
}

const staffColumns = `
  u.id,
  u.first_name AS "firstName",
  coalesce(u.middle_initial, '') AS "middleInitial",
  u.last_name AS "lastName",
  u.email,
  coalesce(u.phone, '') AS phone,
  ${person.addressColumns('u')},
  u.specialty_id AS "specialtyId",
  sp.name AS "specialtyName",
  coalesce(u.medical_license_number, '') AS "medicalLicenseNumber",
  u.first_time_setup_complete AS "firstTimeSetupComplete",
  u.is_disabled AS "isDisabled",
  ARRAY(SELECT ups.provider_service_id FROM user_provider_services ups WHERE ups.user_id = u.id
        ORDER BY ups.provider_service_id) AS "providerServiceIds"`;

const staffJoins = `${person.addressJoins('u')}
  LEFT JOIN specialties sp ON sp.id = u.specialty_id`;

/** $1 login role, $2 provider services, $3 include disabled, $4 search pattern ('' for none). */
const staffWhere = `u.login_role = $1
  AND ($2::int[] IS NULL OR EXISTS (SELECT 1 FROM user_provider_services ups
                                    WHERE ups.user_id = u.id AND ups.provider_service_id = ANY($2::int[])))
  AND ($3::boolean OR NOT u.is_disabled)
  AND ($4::text = '' OR lower(u.first_name || ' ' || u.last_name) LIKE $4
       OR lower(u.last_name || ', ' || u.first_name) LIKE $4
       OR lower(u.email) LIKE $4
       OR coalesce(u.phone, '') LIKE $4
       OR lower(coalesce(u.medical_license_number, '')) LIKE $4)`;

function orderClause(orderBy: StaffOrderBy, ascending: boolean): string {
  const dir = ascending ? 'ASC' : 'DESC';
  switch (orderBy) {
    case 'name':
      return byKeyThenName('u', dir);
    case 'email':
      return `lower(u.email) ${dir}, u.id ${dir}`;
    case 'phone':
      return byKeyThenName('u', dir, `coalesce(u.phone, '') ${dir}`);
    case 'specialty':
      return byKeyThenName('u', dir, `lower(coalesce(sp.name, '')) ${dir}`);
  }
}

function scopeParams(type: StaffProfileType, scope: StaffScope, searchText: string): unknown[] {
  return [
    loginRoleOf[type],
    scope.providerServiceIds === null ? null : [...scope.providerServiceIds],
    scope.includeDisabled,
    searchText.trim() === '' ? '' : containsPattern(searchText),
  ];
}

export async function listStaff(
  db: Db,
  type: StaffProfileType,
  scope: StaffScope,
  query: StaffListQuery,
): Promise<{ rows: StaffRow[]; count: number }> {
  const params = scopeParams(type, scope, query.searchText);
  const [countRow] = await db.query<{ count: number }>(
    `SELECT count(*) AS count FROM users u ${staffJoins} WHERE ${staffWhere}`,
    params,
  );
  const rows = await db.query<StaffRow>(
    `SELECT ${staffColumns} FROM users u ${staffJoins} WHERE ${staffWhere}
     ORDER BY ${orderClause(query.orderBy, query.ascending)} LIMIT $5 OFFSET $6`,
    [...params, query.take, query.skip],
  );
  return { rows, count: countRow?.count ?? 0 };
}

export async function findStaff(
  db: Db,
  type: StaffProfileType,
  scope: StaffScope,
  id: number,
): Promise<StaffRow | null> {
  return queryOne<StaffRow>(db, `SELECT ${staffColumns} FROM users u ${staffJoins} WHERE u.id = $5 AND ${staffWhere}`, [
    ...scopeParams(type, scope, ''),
    id,
  ]);
}

export interface StaffValues extends person.AddressValues, StaffFields {}

function valueParams(values: StaffValues): unknown[] {
  return [
    values.firstName,
    person.orNull(values.middleInitial),
    values.lastName,
    values.email,
    person.orNull(values.phone),
    ...person.addressParams(values),
    values.specialtyId,
    person.orNull(values.medicalLicenseNumber),
  ];
}

/** Another account (any role) already uses this email, case-insensitively (users_email_key). */
export async function emailTaken(db: Db, email: string, exceptUserId: number | null): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM users WHERE lower(email) = lower($1) AND ($2::int IS NULL OR id <> $2)',
    [email.trim(), exceptUserId],
  );
  return rows.length > 0;
}

/** A new account has no password: its owner chooses one through the setup link (spec §4). */
export async function insertStaff(
  db: Db,
  type: StaffProfileType,
  values: StaffValues,
  providerServiceId: number,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (login_role, first_name, middle_initial, last_name, email, phone, address_line1, address_line2,
       city, state_code, postal_code, country_code, specialty_id, medical_license_number, first_time_setup_complete)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, false)
     RETURNING id`,
    [loginRoleOf[type], ...valueParams(values)],
  );
  if (!row) throw new Error('User insert returned no row');
  await db.query('INSERT INTO user_provider_services (user_id, provider_service_id) VALUES ($1, $2)', [
    row.id,
    providerServiceId,
  ]);
  return row.id;
}

export async function updateStaff(db: Db, id: number, values: StaffValues): Promise<void> {
  await db.query(
    `UPDATE users SET first_name = $2, middle_initial = $3, last_name = $4, email = $5, phone = $6,
       address_line1 = $7, address_line2 = $8, city = $9, state_code = $10, postal_code = $11, country_code = $12,
       specialty_id = $13, medical_license_number = $14, updated_at = now()
     WHERE id = $1`,
    [id, ...valueParams(values)],
  );
}

export async function setStaffDisabled(db: Db, id: number, disabled: boolean): Promise<void> {
  await db.query('UPDATE users SET is_disabled = $2, updated_at = now() WHERE id = $1', [id, disabled]);
}
