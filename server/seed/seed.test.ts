import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../db/tokens';
import { createTestDb } from '../testing/test-app';
import type { Db } from '../db/db';
import { useTestApp } from '../testing/signed-in-app';
import { attentionOf } from '../orders/progress';
import { listOpenAssessmentOrders } from '../db/queries/assessment-orders';
import { demoAccounts, demoPatientTokens, seedDemoData } from './seed';

const testApp = useTestApp();

describe('demo seed', () => {
  it('has the four demo accounts, set up and with accepted privacy policy', async () => {
    const users = await testApp.db.query<{
      email: string;
      loginRole: string;
      setup: boolean;
      accepted: boolean;
      services: string[];
    }>(
      `SELECT u.email, u.login_role AS "loginRole", u.first_time_setup_complete AS setup,
              u.accepted_privacy_policy AS accepted,
              ARRAY(SELECT p.name FROM user_provider_services ups
                    JOIN provider_services ps ON ps.id = ups.provider_service_id
                    JOIN providers p ON p.id = ps.provider_id
                    WHERE ups.user_id = u.id) AS services
       FROM users u ORDER BY u.id`,
    );
    expect(users).toEqual([
      {
        email: demoAccounts.admin,
        loginRole: 'Provider Service Administrator',
        setup: true,
        accepted: true,
        services: [],
      },
      {
        email: demoAccounts.clinician,
        loginRole: 'Healthcare Clinician',
        setup: true,
        accepted: true,
        services: ['Northside Memory Clinic'],
      },
      {
        email: demoAccounts.technician,
        loginRole: 'Healthcare Technician',
        setup: true,
        accepted: true,
        services: ['Northside Memory Clinic'],
      },
      {
        email: demoAccounts.clinician2,
        loginRole: 'Healthcare Clinician',
        setup: true,
        accepted: true,
        services: ['Lakeside Primary Care'],
      },
    ]);
  });

  it('configures the two provider services as DESIGN §5 says', async () => {
    const rows = await testApp.db.query<{
      name: string;
      orderTypes: string[];
      languages: string[];
      batteries: string[];
    }>(
      `SELECT p.name || ' -- ' || s.name AS name,
              ARRAY(SELECT order_type || CASE WHEN is_default THEN '*' ELSE '' END FROM provider_service_order_types
                    WHERE provider_service_id = ps.id ORDER BY order_type) AS "orderTypes",
              ARRAY(SELECT locality_id || CASE WHEN is_default THEN '*' ELSE '' END FROM provider_service_languages
                    WHERE provider_service_id = ps.id ORDER BY locality_id) AS languages,
              ARRAY(SELECT battery_code || CASE WHEN is_default THEN '*' ELSE '' END FROM provider_service_batteries
                    WHERE provider_service_id = ps.id ORDER BY battery_code) AS batteries
       FROM provider_services ps JOIN providers p ON p.id = ps.provider_id JOIN services s ON s.id = ps.service_id
       ORDER BY ps.id`,
    );
    expect(rows).toEqual([
      {
        name: 'Northside Memory Clinic -- Neurology',
        orderTypes: ['HOME*', 'SITE'],
        languages: ['en-US*', 'es-US'],
        batteries: ['FullCBB*', 'MemOnlyCBB'],
      },
      {
        name: 'Lakeside Primary Care -- Geriatrics',
        orderTypes: ['HOME*'],
        languages: ['en-US*'],
        batteries: ['FullCBB*'],
      },
    ]);
  });

  it('has enough patients per site, with results, outstanding orders and one deactivated', async () => {
    const rows = await testApp.db.query<{
      provider: string;
      patients: number;
      disabled: number;
      fini: number;
      schd: number;
    }>(
      `SELECT p.name AS provider,
              count(DISTINCT pt.id) AS patients,
              count(DISTINCT pt.id) FILTER (WHERE pt.is_disabled) AS disabled,
              count(DISTINCT pt.id) FILTER (WHERE o.status = 'FINI') AS fini,
              count(DISTINCT pt.id) FILTER (WHERE o.status = 'SCHD') AS schd
       FROM patients pt
       JOIN provider_services ps ON ps.id = pt.provider_service_id
       JOIN providers p ON p.id = ps.provider_id
       LEFT JOIN assessment_orders o ON o.patient_id = pt.id
       GROUP BY p.name ORDER BY p.name`,
    );
    const lakeside = rows.find((row) => row.provider === 'Lakeside Primary Care');
    const northside = rows.find((row) => row.provider === 'Northside Memory Clinic');
    expect(northside?.patients).toBeGreaterThanOrEqual(60);
    expect(lakeside?.patients).toBeGreaterThanOrEqual(10);
    expect(northside?.disabled).toBe(1);
    expect(northside?.fini).toBeGreaterThan(10);
    expect(northside?.schd).toBeGreaterThan(10);
    expect(lakeside?.fini).toBeGreaterThan(0);
    expect(lakeside?.schd).toBeGreaterThan(0);

    // Lakeside supports HOME and FullCBB only; HOME orders always carry an email.
    const [invalid] = await testApp.db.query<{ n: number }>(
      `SELECT count(*) AS n FROM assessment_orders o
       WHERE (o.provider_service_id = 2 AND (o.order_type <> 'HOME' OR o.battery_code <> 'FullCBB'))
          OR (o.order_type = 'HOME' AND o.email IS NULL)`,
    );
    expect(invalid?.n).toBe(0);
  });

  it('has Rosa Alvarez with her finished and outstanding HOME orders, tokens stored only hashed', async () => {
    const patients = await testApp.db.query<{ id: number; dateOfBirth: string; provider: string }>(
      `SELECT pt.id, pt.date_of_birth AS "dateOfBirth", p.name AS provider
       FROM patients pt JOIN provider_services ps ON ps.id = pt.provider_service_id
       JOIN providers p ON p.id = ps.provider_id
       WHERE pt.first_name = 'Rosa' AND pt.last_name = 'Alvarez'`,
    );
    expect(patients).toHaveLength(1);
    const [rosa] = patients;
    expect(rosa).toMatchObject({ dateOfBirth: '1948-05-17', provider: 'Northside Memory Clinic' });

    const orders = await testApp.db.query<{
      status: string;
      orderType: string;
      tokenHash: string;
      completed: Date | null;
    }>(
      `SELECT status, order_type AS "orderType", patient_login_token_hash AS "tokenHash",
              completed_date_time AS completed
       FROM assessment_orders WHERE patient_id = $1 ORDER BY order_date`,
      [rosa?.id],
    );
    // Three earlier tests tell her results over two years (server/runner/demo-results.ts): two in the clinic, then
    // one at home (from an emailed link; no token of it is kept once it is done).
    const inClinic = { status: 'FINI', orderType: 'SITE', tokenHash: null };
    expect(orders.map(({ status, orderType, tokenHash }) => ({ status, orderType, tokenHash }))).toEqual([
      inClinic,
      inClinic,
      { status: 'FINI', orderType: 'HOME', tokenHash: null },
      { status: 'FINI', orderType: 'HOME', tokenHash: hashToken(demoPatientTokens.rosaDone) },
      { status: 'SCHD', orderType: 'HOME', tokenHash: hashToken(demoPatientTokens.rosaHome) },
    ]);
    expect(orders[3]?.completed).toBeInstanceOf(Date);
    expect(orders[4]?.completed).toBeNull();
    const [plain] = await testApp.db.query<{ n: number }>(
      `SELECT count(*) AS n FROM assessment_orders WHERE patient_login_token_hash LIKE 'DEMO-%'`,
    );
    expect(plain?.n).toBe(0);
  });

  it('never seeds a database twice', async () => {
    const [before] = await testApp.db.query<{ n: number }>('SELECT count(*) AS n FROM patients');
    expect(await seedDemoData(testApp.db)).toEqual({ seeded: false });
    const [after] = await testApp.db.query<{ n: number }>('SELECT count(*) AS n FROM patients');
    expect(after?.n).toBe(before?.n);
  });
});

describe('a demo seeded on a given day', () => {
  const createdAt = new Date('2031-03-10T08:30:00.000Z');
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
    expect(await seedDemoData(db, createdAt)).toEqual({ seeded: true });
  });
  afterAll(async () => {
    await db.close();
  });

  it('dates everything from that day: recent results, open orders due this week and next', async () => {
    const [dates] = await db.query<{
      newestResult: Date;
      oldestResult: Date;
      firstDue: Date;
      lastDue: Date;
      newestOrder: Date;
    }>(
      `SELECT max(completed_date_time) FILTER (WHERE status = 'FINI') AS "newestResult",
                min(completed_date_time) FILTER (WHERE status = 'FINI') AS "oldestResult",
                min(schedule_date_time) FILTER (WHERE status = 'SCHD') AS "firstDue",
                max(schedule_date_time) FILTER (WHERE status = 'SCHD') AS "lastDue",
                max(order_date) AS "newestOrder"
         FROM assessment_orders`,
    );
    const daysFromCreation = (date: Date | undefined): number =>
      ((date?.getTime() ?? Number.NaN) - createdAt.getTime()) / 86_400_000;
    // Nothing happened after the database was created, and the newest result is weeks old, not years.
    expect(daysFromCreation(dates?.newestOrder)).toBeLessThanOrEqual(0);
    expect(daysFromCreation(dates?.newestResult)).toBeLessThanOrEqual(0);
    expect(daysFromCreation(dates?.newestResult)).toBeGreaterThan(-90);
    // The histories behind Results over time still reach back about two years.
    expect(daysFromCreation(dates?.oldestResult)).toBeLessThan(-600);
    // Open orders fall due around now: the latest within the next two weeks.
    expect(daysFromCreation(dates?.lastDue)).toBeGreaterThan(7);
    expect(daysFromCreation(dates?.lastDue)).toBeLessThanOrEqual(14);
    expect(daysFromCreation(dates?.firstDue)).toBeGreaterThan(-30);
  });

  it('gives every order the events it went through, and the clinic something to look at (issue 18)', async () => {
    const orders = await listOpenAssessmentOrders(db, null, 1000, createdAt);
    const [counts] = await db.query<{ withoutOrdered: number; finishedWithoutCompleted: number; unsent: number }>(
      `SELECT
           (SELECT count(*)::int FROM assessment_orders o WHERE NOT EXISTS (
              SELECT 1 FROM order_events e WHERE e.assessment_order_id = o.id AND e.kind = 'ORDERED')) AS "withoutOrdered",
           (SELECT count(*)::int FROM assessment_orders o WHERE o.status = 'FINI' AND NOT EXISTS (
              SELECT 1 FROM order_events e WHERE e.assessment_order_id = o.id AND e.kind = 'COMPLETED'))
             AS "finishedWithoutCompleted",
           (SELECT count(*)::int FROM assessment_orders o WHERE o.order_type = 'HOME' AND NOT EXISTS (
              SELECT 1 FROM order_events e WHERE e.assessment_order_id = o.id AND e.kind = 'EMAIL_SENT')) AS unsent`,
    );
    expect(counts).toEqual({ withoutOrdered: 0, finishedWithoutCompleted: 0, unsent: 0 });
    const progress = new Set(orders.map(({ order }) => order.progress.id));
    expect([...progress].sort()).toEqual(expect.arrayContaining(['IN_PROGRESS', 'OPENED', 'SCHEDULED', 'SENT']));
    const reasons = new Set(orders.map(({ order }) => attentionOf(order, createdAt)));
    expect(reasons).toContain('RUNNER_ERROR');
    expect(reasons).toContain('NOT_OPENED');
    // Rosa Alvarez's open order, which the tour follows, was only sent.
    const rosa = orders.find(({ order }) => order.patient.name === 'Rosa Alvarez');
    expect(rosa?.order.progress.id).toBe('SENT');
    expect(rosa?.order.lastErrorCode).toBeNull();
  });
});
