import { hashToken } from '../db/tokens';
import type { Db } from '../db/db';

export interface TestOrderOptions {
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  /** Default: Northside Memory Clinic -- Neurology. */
  providerName?: string;
  orderType?: 'HOME' | 'SITE';
  batteryCode?: 'FullCBB' | 'MemOnlyCBB';
  status?: 'SCHD' | 'FINI';
  patientLoginToken?: string | null;
  patientIsDisabled?: boolean;
}

export async function providerServiceIdOf(db: Db, providerName: string): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'SELECT ps.id FROM provider_services ps JOIN providers p ON p.id = ps.provider_id WHERE p.name = $1',
    [providerName],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no provider service of ${providerName}`);
  return id;
}

/** A patient of its own with one order, so a test that finishes or locks it disturbs no other test. */
export async function createTestPatientOrder(
  db: Db,
  options: TestOrderOptions = {},
): Promise<{ patientId: number; orderId: number }> {
  const providerServiceId = await providerServiceIdOf(db, options.providerName ?? 'Northside Memory Clinic');
  const [patient] = await db.query<{ id: number }>(
    `INSERT INTO patients (provider_service_id, first_name, last_name, date_of_birth, gender, email, is_disabled)
     VALUES ($1, $2, $3, $4, 'F', 'test.patient@example.test', $5) RETURNING id`,
    [
      providerServiceId,
      options.firstName ?? 'Tess',
      options.lastName ?? 'Tester',
      options.dateOfBirth ?? '1950-03-04',
      options.patientIsDisabled ?? false,
    ],
  );
  if (!patient) throw new Error('test patient insert returned no row');
  const status = options.status ?? 'SCHD';
  const token = options.patientLoginToken === undefined ? null : options.patientLoginToken;
  const [order] = await db.query<{ id: number }>(
    `INSERT INTO assessment_orders (patient_id, provider_service_id, order_type, battery_code, email, status,
       completed_date_time, patient_login_token_hash)
     VALUES ($1, $2, $3, $4, 'test.patient@example.test', $5, $6, $7) RETURNING id`,
    [
      patient.id,
      providerServiceId,
      options.orderType ?? 'HOME',
      options.batteryCode ?? 'FullCBB',
      status,
      status === 'FINI' ? new Date().toISOString() : null,
      token === null ? null : hashToken(token),
    ],
  );
  if (!order) throw new Error('test order insert returned no row');
  return { patientId: patient.id, orderId: order.id };
}
