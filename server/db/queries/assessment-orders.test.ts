import { describe, expect, it } from 'vitest';
import { trackedAssessmentOrderSchema } from '#common/contract';
import { hashToken } from '../tokens';
import { useTestDb } from '../../testing/test-db';
import { demoPatientTokens, seedDemoData } from '../../seed/seed';
import { findAssessmentOrder, listPatientAssessmentOrders } from './assessment-orders';

const testDb = useTestDb(seedDemoData);

async function orderIdByToken(token: string): Promise<number> {
  const rows = await testDb.db.query<{ id: number }>(
    'SELECT id FROM assessment_orders WHERE patient_login_token_hash = $1',
    [hashToken(token)],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no order for ${token}`);
  return id;
}

describe('assessment order reads', () => {
  it("answers Rosa Alvarez's outstanding HOME order in the contract's shape", async () => {
    const order = await findAssessmentOrder(testDb.db, await orderIdByToken(demoPatientTokens.rosaHome));
    expect(trackedAssessmentOrderSchema.parse(order)).toMatchObject({
      patient: { name: 'Rosa Alvarez' },
      assessmentOrderType: { id: 'HOME', name: 'Out-Of-Clinic' },
      assessmentOrderStatus: { id: 'SCHD' },
      completedDateTime: null,
      providerService: { provider: { name: 'Northside Memory Clinic' }, service: { name: 'Neurology' } },
    });
  });

  it('answers null for an order that does not exist', async () => {
    expect(await findAssessmentOrder(testDb.db, 987_654)).toBeNull();
  });

  it("lists a patient's orders newest schedule first, the finished one with its completion date", async () => {
    const home = await findAssessmentOrder(testDb.db, await orderIdByToken(demoPatientTokens.rosaHome));
    if (!home) throw new Error('no order');
    const orders = await listPatientAssessmentOrders(testDb.db, home.patient.id);
    const schedules = orders.map((order) => order.scheduleDateTime);
    expect(schedules).toEqual([...schedules].sort().reverse());
    const done = orders.find((order) => order.assessmentOrderStatus.id === 'FINI');
    expect(done?.completedDateTime).not.toBeNull();
  });
});
