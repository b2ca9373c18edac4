import { describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { seedDemoData } from '../seed/seed';
import { useTestDb } from '../testing/test-db';
import { chartPartsFor, loadChart, ScoreCache } from './charts';
import { chartResources, resourcesOfType } from './mapping';

const testDb = useTestDb(seedDemoData);

async function rosaId(): Promise<number> {
  const [row] = await testDb.db.query<{ id: number }>(
    `SELECT id FROM patients WHERE first_name = 'Rosa' AND last_name = 'Alvarez'`,
  );
  if (!row) throw new Error('no Rosa');
  return row.id;
}

/** The database, with every statement sent to it written down. */
function watched(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    db: {
      ...db,
      query: (sql, params, options) => {
        statements.push(sql);
        return db.query(sql, params, options);
      },
    },
  };
}

const readsRecords = (statements: readonly string[]) => statements.some((sql) => /\ba\.results\b/.test(sql));

/** A copy of a finished test, finished now: a new test of the same patient with the same record. */
async function finishAnotherTest(db: Db, orderId: number): Promise<number> {
  const [order] = await db.query<{ id: number }>(
    `INSERT INTO assessment_orders (patient_id, provider_service_id, order_type, battery_code, status, order_date,
                                    schedule_date_time, completed_date_time, prescriber_user_id, ordered_by_user_id,
                                    last_started_language)
     SELECT patient_id, provider_service_id, order_type, battery_code, 'FINI', now(), now(), now(), prescriber_user_id,
            ordered_by_user_id, last_started_language
     FROM assessment_orders WHERE id = $1 RETURNING id`,
    [orderId],
  );
  if (!order) throw new Error('no order');
  await db.query(
    `INSERT INTO assessment_attempts (assessment_order_id, workflow_instance_id, test_token_hash, test_token_expires_at,
                                      supervised, started_by_user_id, language, outcome, results, finished_at)
     SELECT $2, 'copy-' || id, 'copy-' || id, now(), supervised, started_by_user_id, language, 'COMPLETED', results, now()
     FROM assessment_attempts WHERE assessment_order_id = $1 AND outcome = 'COMPLETED'`,
    [orderId, order.id],
  );
  return order.id;
}

describe('loadChart', () => {
  it('reads and scores each trial record once: a second read of the chart is scored from memory, alike', async () => {
    const id = await rosaId();
    const cache = new ScoreCache();
    const first = watched(testDb.db);
    const chart = await loadChart(first.db, id, { cache });
    expect(readsRecords(first.statements)).toBe(true);
    expect(chart?.tests.length).toBe(4);

    const second = watched(testDb.db);
    const again = await loadChart(second.db, id, { cache });
    expect(readsRecords(second.statements)).toBe(false);
    const fresh = await loadChart(testDb.db, id, { cache: null });
    if (!chart || !again || !fresh) throw new Error('no chart');
    expect(chartResources(again)).toEqual(chartResources(fresh));
    expect(chartResources(chart)).toEqual(chartResources(fresh));
  });

  it('scores a test finished since the last read, compared with the same baseline', async () => {
    const id = await rosaId();
    const cache = new ScoreCache();
    const before = await loadChart(testDb.db, id, { cache });
    const baseline = before?.tests.find((test) => test.scored.isBaseline)?.finished.orderId;
    const valid = before?.tests.findLast((test) => test.scored.score.valid && !test.scored.isBaseline);
    if (baseline === undefined || !valid) throw new Error('Rosa has no baseline and later valid test');

    const orderId = await finishAnotherTest(testDb.db, valid.finished.orderId);
    const after = await loadChart(testDb.db, id, { cache });
    const fresh = await loadChart(testDb.db, id, { cache: null });
    if (!after || !fresh) throw new Error('no chart');
    expect(after.tests.map((test) => test.finished.orderId)).toEqual([
      ...(before?.tests ?? []).map((test) => test.finished.orderId),
      orderId,
    ]);
    expect(after.tests.at(-1)?.scored.comparison?.baselineAssessmentId).toBe(baseline);
    expect(chartResources(after)).toEqual(chartResources(fresh));
  });

  it('reads only what a type is made of: an Observation chart reads no orders, and maps as the whole chart does', async () => {
    const id = await rosaId();
    const watching = watched(testDb.db);
    const chart = await loadChart(watching.db, id, { parts: chartPartsFor('Observation') });
    const whole = await loadChart(testDb.db, id);
    if (!chart || !whole) throw new Error('no chart');
    expect(
      watching.statements.some((sql) => /\bFROM assessment_orders ao\b|\bJOIN assessment_orders ao\b/.test(sql)),
    ).toBe(false);
    expect(chart.orders).toEqual([]);
    for (const type of ['Observation', 'DiagnosticReport', 'Provenance'] as const) {
      expect(resourcesOfType(chart, type)).toEqual(
        chartResources(whole).filter((resource) => resource.resourceType === type),
      );
    }
  });
});
