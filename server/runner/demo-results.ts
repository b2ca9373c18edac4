import { batteryTasks, type TaskResult } from '../../src/shared/api/contract';
import { hashToken } from '../auth/tokens';
import type { Db } from '../db/db';

/** A small deterministic generator (mulberry32), so the demo's results are the same on every fresh start. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const trials = 6;
/** Typical response times per task (ms): detection is fastest, the memory tasks slowest. */
const baseSpeed: Readonly<Record<string, number>> = {
  detection: 420,
  identification: 520,
  oneCardLearning: 900,
  oneBack: 760,
};

export function demoResults(orderId: number, batteryCode: string): TaskResult[] {
  const random = prng(orderId * 7919);
  return (batteryTasks[batteryCode] ?? batteryTasks.FullCBB ?? []).map((task) => ({
    task,
    trials,
    correct: Math.min(trials, 3 + Math.floor(random() * 4)),
    meanReactionTimeMs: Math.round((baseSpeed[task] ?? 600) * (0.85 + random() * 0.4)),
  }));
}

/**
 * The demo's finished orders were "taken" before the reference runner existed: each gets the completed attempt a
 * runner would have recorded (results, language, finish time), so their reports have something to show. The
 * attempts' runner tokens are spent (expired at their finish).
 */
export async function seedDemoResults(db: Db): Promise<void> {
  const finished = await db.query<{
    id: number;
    orderType: string;
    batteryCode: string;
    language: string | null;
    completedAt: Date;
  }>(
    `SELECT o.id, o.order_type AS "orderType", o.battery_code AS "batteryCode",
            o.last_started_language AS language, o.completed_date_time AS "completedAt"
     FROM assessment_orders o
     WHERE o.status = 'FINI'
       AND NOT EXISTS (SELECT 1 FROM assessment_attempts a WHERE a.assessment_order_id = o.id)
     ORDER BY o.id`,
  );
  if (finished.length === 0) return;
  // One statement for all of them: a seed on a disk-backed database pays for every round trip.
  const rows = finished.map((order) => ({
    orderId: order.id,
    workflowInstanceId: `demo-${String(order.id)}`,
    tokenHash: hashToken(`demo-attempt-${String(order.id)}`),
    supervised: order.orderType === 'SITE',
    language: order.language ?? 'en-US',
    startedAt: new Date(order.completedAt.getTime() - 18 * 60_000).toISOString(),
    finishedAt: order.completedAt.toISOString(),
    results: demoResults(order.id, order.batteryCode),
  }));
  await db.query(
    `INSERT INTO assessment_attempts (assessment_order_id, workflow_instance_id, test_token_hash,
       test_token_expires_at, supervised, language, started_at, outcome, results, finished_at)
     SELECT r."orderId", r."workflowInstanceId", r."tokenHash", r."finishedAt", r.supervised, r.language,
            r."startedAt", 'COMPLETED', r.results, r."finishedAt"
     FROM jsonb_to_recordset($1::jsonb) AS r("orderId" integer, "workflowInstanceId" text, "tokenHash" text,
       supervised boolean, language text, "startedAt" timestamptz, "finishedAt" timestamptz, results jsonb)`,
    [JSON.stringify(rows)],
  );
}
