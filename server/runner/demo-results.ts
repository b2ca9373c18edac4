import { batteryTasks, type DeviceClass, type TestRecord } from '#common/contract';
import { seededRandom, simulateTest, type SimulatedPerson } from '#common/scoring';
import { hashToken } from '../db/tokens';
import type { Db } from '../db/db';

const dayMs = 86_400_000;

/** One test of a demo history: the person as they were that day, and how and where they took it. */
interface Visit extends SimulatedPerson {
  hiddenDuringOneBack?: boolean;
  deviceClass?: DeviceClass;
  /**
   * Added tests only: where it was taken. In the clinic unless said otherwise; 'asLatest' where the patient's existing
   * test was, so the two are comparable.
   */
  setting?: 'home' | 'clinic' | 'asLatest';
}

/**
 * The patients whose history the demo tells (DESIGN §5): each gets 3–5 tests over two years. The scripted patient
 * (the first with a finished test, Rosa Alvarez) tells the cases a clinician must read right (issue 33): a baseline
 * and a comparable follow-up in the clinic on a tablet, a home test on a phone with a reliable decline (so the flag
 * carries the setting and device caveat), and her latest test, at home on a phone, not valid (never flagged). Two
 * others stay stable, with an invalid test (answers before the cards, or the page hidden) and a change of device
 * among them; the last declines reliably against a comparable baseline (same setting, same device).
 */
interface History {
  /** Days before the patient's existing finished test, one per added test (oldest first). */
  extraTestsDaysBefore: readonly number[];
  /** The person at each test (added ones first, then the existing one). */
  visits: readonly Visit[];
  /** The history ends with the patient's existing test: give it to a patient with no other finished test. */
  onlyTest?: boolean;
}

const histories: readonly History[] = [
  {
    extraTestsDaysBefore: [600, 420, 150],
    visits: [
      { speedZ: 0.3, accuracyZ: 0.3 },
      { speedZ: 0, accuracyZ: 0 },
      { speedZ: -1.6, accuracyZ: -0.4, setting: 'home', deviceClass: 'phone' },
      { speedZ: -1.5, accuracyZ: -1.4, deviceClass: 'phone' },
    ],
  },
  {
    extraTestsDaysBefore: [700, 520, 330, 160],
    visits: [
      { speedZ: 0.4, accuracyZ: 0.2 },
      { speedZ: 0.5, accuracyZ: 0.3, anticipationRate: 0.3 },
      { speedZ: 0.4, accuracyZ: 0.1 },
      { speedZ: 0.3, accuracyZ: 0.3 },
      { speedZ: 0.4, accuracyZ: 0.2 },
    ],
  },
  {
    extraTestsDaysBefore: [650, 400],
    visits: [
      { speedZ: -0.2, accuracyZ: 0, hiddenDuringOneBack: true },
      { speedZ: -0.1, accuracyZ: 0.1 },
      { speedZ: -0.2, accuracyZ: 0.1, deviceClass: 'phone' },
    ],
  },
  {
    onlyTest: true,
    extraTestsDaysBefore: [560, 300],
    visits: [
      { speedZ: 0.3, accuracyZ: 0.4, setting: 'asLatest' },
      { speedZ: 0.1, accuracyZ: 0.2, setting: 'asLatest' },
      { speedZ: -1.4, accuracyZ: -1.1 },
    ],
  },
];

interface FinishedOrder {
  id: number;
  patientId: number;
  orderType: 'HOME' | 'SITE';
  batteryCode: string;
  language: string | null;
  completedAt: Date;
}

const finishedWithoutAttempt = `
  SELECT o.id, o.patient_id AS "patientId", o.order_type AS "orderType", o.battery_code AS "batteryCode",
         o.last_started_language AS language, o.completed_date_time AS "completedAt"
  FROM assessment_orders o
  WHERE o.status = 'FINI' AND NOT EXISTS (SELECT 1 FROM assessment_attempts a WHERE a.assessment_order_id = o.id)
  ORDER BY o.completed_date_time, o.id`;

/** Adds the earlier tests of the patients whose history the demo tells; returns who is simulated how, per order. */
async function addHistories(db: Db, orders: readonly FinishedOrder[]): Promise<Map<number, Visit>> {
  const people = new Map<number, Visit>();
  // Active patients with one full test in the first provider service, the scripted patient first (lowest id).
  const candidates = await db.query<{ patientId: number; finished: number }>(
    `SELECT p.id AS "patientId",
            (SELECT count(*)::int FROM assessment_orders o WHERE o.patient_id = p.id AND o.status = 'FINI') AS finished
     FROM patients p
     WHERE NOT p.is_disabled AND p.provider_service_id = (SELECT min(id) FROM provider_services)
       AND (SELECT count(*) FROM assessment_orders o WHERE o.patient_id = p.id AND o.status = 'FINI'
            AND o.battery_code = 'FullCBB') = 1
     ORDER BY p.id LIMIT 50`,
  );
  const unused = [...candidates];
  for (const history of histories) {
    // Each history takes the next patient it fits: one that must end with the existing test has no other.
    const at = unused.findIndex((candidate) => !history.onlyTest || candidate.finished === 1);
    const [candidate] = at === -1 ? [] : unused.splice(at, 1);
    const existing = candidate && orders.find((order) => order.patientId === candidate.patientId);
    if (!existing) continue;
    for (const [visit, daysBefore] of history.extraTestsDaysBefore.entries()) {
      const person = history.visits[visit];
      const setting = person?.setting ?? 'clinic';
      const orderType = setting === 'asLatest' ? existing.orderType : setting === 'home' ? 'HOME' : 'SITE';
      const completedAt = new Date(existing.completedAt.getTime() - daysBefore * dayMs);
      // A home test is emailed a few days before it is taken; a clinic test is ordered the same morning.
      const orderedAt = new Date(completedAt.getTime() - (orderType === 'HOME' ? 3 * dayMs : 2 * 3_600_000));
      const [added] = await db.query<{ id: number }>(
        `INSERT INTO assessment_orders (patient_id, provider_service_id, order_type, battery_code, email, status,
           order_date, schedule_date_time, completed_date_time, prescriber_user_id, ordered_by_user_id,
           last_started_language, created_at, updated_at)
         SELECT o.patient_id, o.provider_service_id, $4, o.battery_code,
           CASE WHEN $4 = 'HOME' THEN coalesce(o.email, p.email) END, 'FINI', $2::timestamptz,
           $2::timestamptz, $3::timestamptz, o.prescriber_user_id, o.ordered_by_user_id, o.last_started_language,
           $2::timestamptz, $3::timestamptz
         FROM assessment_orders o JOIN patients p ON p.id = o.patient_id WHERE o.id = $1
         RETURNING id`,
        [existing.id, orderedAt.toISOString(), completedAt.toISOString(), orderType],
      );
      if (added && person) people.set(added.id, person);
    }
    const last = history.visits[history.visits.length - 1];
    if (last) people.set(existing.id, last);
  }
  return people;
}

/**
 * The demo's finished orders were "taken" before the reference runner existed: each gets the completed attempt a
 * runner would have recorded (every trial, simulated for a person, then scored by the same code as a real test),
 * so reports and the results chart have something to show. The attempts' runner tokens are spent.
 */
export async function seedDemoResults(db: Db): Promise<void> {
  const before = await db.query<FinishedOrder>(finishedWithoutAttempt);
  if (before.length === 0) return;
  const people = await addHistories(db, before);
  const finished = await db.query<FinishedOrder>(finishedWithoutAttempt);
  const rows = finished.map((order) => {
    const random = seededRandom(order.id * 7919);
    const person = people.get(order.id) ?? { speedZ: random() * 1.6 - 0.8, accuracyZ: random() * 1.6 - 0.8 };
    const record: TestRecord = simulateTest(batteryTasks[order.batteryCode] ?? batteryTasks.FullCBB ?? [], person, {
      seed: order.id,
      deviceClass: 'deviceClass' in person ? person.deviceClass : order.orderType === 'SITE' ? 'tablet' : 'desktop',
      hiddenDuring: 'hiddenDuringOneBack' in person && person.hiddenDuringOneBack ? 'oneBack' : undefined,
    });
    return {
      orderId: order.id,
      workflowInstanceId: `demo-${String(order.id)}`,
      tokenHash: hashToken(`demo-attempt-${String(order.id)}`),
      supervised: order.orderType === 'SITE',
      language: order.language ?? 'en-US',
      startedAt: new Date(order.completedAt.getTime() - 18 * 60_000).toISOString(),
      finishedAt: order.completedAt.toISOString(),
      results: record,
    };
  });
  // One statement for all of them: a seed on a disk-backed database pays for every round trip.
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
