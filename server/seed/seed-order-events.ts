import type { Db } from '../db/db';

/**
 * The demo's orders with the timeline they would have had (issue 18), from the facts each order row already holds:
 * ordered (by whom), emailed (home orders), and for a finished test the patient's way through it. Among the open
 * home orders some were opened by the patient, and a few ended in a runner error the clinic should look at. Which
 * ones follows from the order's id, so every fresh demo is the same; Rosa Alvarez's orders, which the tour and the
 * tests walk through, keep a plain history.
 */
export async function seedOrderEvents(db: Db, now: Date): Promise<void> {
  const notRosa = `o.patient_id NOT IN (SELECT id FROM patients WHERE first_name = 'Rosa' AND last_name = 'Alvarez')`;
  const statements = [
    `INSERT INTO order_events (assessment_order_id, kind, at, actor_user_id, detail)
     SELECT o.id, 'ORDERED', o.order_date, o.ordered_by_user_id,
            jsonb_build_object('orderType', o.order_type, 'batteryCode', o.battery_code)
              || CASE WHEN o.email IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('email', o.email) END
     FROM assessment_orders o ORDER BY o.id`,
    `INSERT INTO order_events (assessment_order_id, kind, at, detail)
     SELECT o.id, 'EMAIL_SENT', o.order_date, jsonb_build_object('email', o.email)
     FROM assessment_orders o WHERE o.order_type = 'HOME' AND o.email IS NOT NULL ORDER BY o.id`,
    // A finished home test: the link opened and the details confirmed half an hour before it ended.
    `INSERT INTO order_events (assessment_order_id, kind, at)
     SELECT o.id, kind, o.completed_date_time - make_interval(mins => minutes)
     FROM assessment_orders o
     CROSS JOIN (VALUES ('LINK_OPENED', 30, 1), ('IDENTITY_CONFIRMED', 25, 2)) AS step (kind, minutes, position)
     WHERE o.status = 'FINI' AND o.order_type = 'HOME'
     ORDER BY o.id, step.position`,
    // On the device its recorded test says (demo-results.ts), so the timeline and the results agree.
    `INSERT INTO order_events (assessment_order_id, kind, at, detail)
     SELECT o.id, 'TEST_STARTED', o.completed_date_time - interval '20 minutes',
            jsonb_build_object('language', coalesce(o.last_started_language, 'en-US'),
                               'deviceClass', coalesce(
                                 (SELECT a.results->'session'->>'deviceClass' FROM assessment_attempts a
                                  WHERE a.assessment_order_id = o.id ORDER BY a.id LIMIT 1),
                                 CASE WHEN o.order_type = 'HOME' THEN 'desktop' ELSE 'tablet' END))
     FROM assessment_orders o WHERE o.status = 'FINI' ORDER BY o.id`,
    `INSERT INTO order_events (assessment_order_id, kind, at)
     SELECT o.id, 'COMPLETED', o.completed_date_time FROM assessment_orders o WHERE o.status = 'FINI' ORDER BY o.id`,
    // Two thirds of the open home orders were opened a day after they were sent (when that day has come).
    `INSERT INTO order_events (assessment_order_id, kind, at)
     SELECT o.id, 'LINK_OPENED', o.order_date + interval '1 day'
     FROM assessment_orders o
     WHERE o.status = 'SCHD' AND o.order_type = 'HOME' AND o.id % 3 <> 2 AND ${notRosa}
       AND o.order_date + interval '1 day' < $1::timestamptz
     ORDER BY o.id`,
    // Of those, some began the test on a phone and the runner failed: the order stays open with the error's code.
    `WITH failed AS (
       UPDATE assessment_orders o SET last_error_code = 'workflowerror'
       WHERE o.status = 'SCHD' AND o.order_type = 'HOME' AND o.id % 9 = 0 AND ${notRosa}
         AND o.order_date + interval '1 day' < $1::timestamptz
       RETURNING o.id, o.order_date)
     INSERT INTO order_events (assessment_order_id, kind, at, detail)
     SELECT f.id, step.kind, f.order_date + interval '1 day' + make_interval(mins => step.minutes), step.detail
     FROM failed f
     CROSS JOIN (VALUES
       ('IDENTITY_CONFIRMED', 2, '{}'::jsonb, 1),
       ('TEST_STARTED', 3, '{"language": "en-US", "deviceClass": "phone"}'::jsonb, 2),
       ('RUNNER_ERROR', 9, '{"errorCode": "workflowerror"}'::jsonb, 3)) AS step (kind, minutes, detail, position)
     ORDER BY f.id, step.position`,
  ];
  for (const statement of statements) {
    await db.query(statement, statement.includes('$1') ? [now.toISOString()] : []);
  }
}
