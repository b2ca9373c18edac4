import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { setAuditRetentionYears } from '../db/queries/audit-events';
import { createTestApp, createTestDb } from '../testing/test-app';
import { recordAudit, verifyAuditChain, type AuditContext } from './audit';
import { auditVerifyReport } from './verify';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
}, 60_000);
afterAll(async () => {
  await db.close();
});

const context: AuditContext = {
  actor: { userId: 7, role: 'clinician', providerServiceId: 1, patientSessionOrderId: null, patientId: null },
  clientAddress: '203.0.113.9',
  requestId: 'request-1',
};

async function record(count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    // Texts that a naive serialisation would get wrong: quotes, a line break, accents.
    await recordAudit(db, context, {
      action: 'patient.read',
      patientIds: [index + 1, 3],
      entity: 'patient',
      entityId: `"é"\n${String(index)}`,
    });
  }
}

async function withTriggerDisabled(statement: string, params: unknown[]): Promise<void> {
  await db.tx(async (tx) => {
    await tx.query('ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change');
    await tx.query(statement, params);
    await tx.query('ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_change');
  });
}

describe('the audit trail is tamper-evident (issue 35 F1)', () => {
  it('numbers and chains every entry, and audit:verify says how many it checked', async () => {
    await record(4);
    const rows = await db.query<{ sequence: number; prevHash: string; hash: string }>(
      'SELECT sequence, prev_hash AS "prevHash", hash FROM audit_events ORDER BY sequence',
    );
    expect(rows.map((row) => row.sequence)).toEqual([1, 2, 3, 4]);
    expect(rows[0]?.prevHash).toBe('');
    expect(rows[1]?.prevHash).toBe(rows[0]?.hash);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.hash))).toBe(true);
    expect(await auditVerifyReport(db)).toEqual({
      exitCode: 0,
      message: 'Audit trail verified: 4 entries, chain intact.',
    });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of audit_events', async () => {
    await expect(db.query("UPDATE audit_events SET outcome = 'failure' WHERE sequence = 2")).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query('DELETE FROM audit_events WHERE sequence = 2')).rejects.toThrow(/append-only/);
    await expect(db.query('TRUNCATE audit_events')).rejects.toThrow(/append-only/);
    const [count] = await db.query<{ count: number }>('SELECT count(*) AS count FROM audit_events');
    expect(count?.count).toBe(4);
  });

  it('names the first entry changed with the trigger disabled', async () => {
    await withTriggerDisabled("UPDATE audit_events SET patient_ids = '{99}' WHERE sequence = 3", []);
    expect(await verifyAuditChain(db)).toEqual({ ok: false, verified: 2, brokenSequence: 3, reason: 'hash' });
    const report = await auditVerifyReport(db);
    expect(report.exitCode).toBe(1);
    expect(report.message).toMatch(/^Audit trail BROKEN at entry 3: /);
  });

  it('names the entry after one that was deleted with the trigger disabled', async () => {
    const other = await createTestDb();
    try {
      for (const requestId of ['a', 'b', 'c']) {
        await recordAudit(other, { ...context, requestId }, { action: 'auth.logout' });
      }
      await other.tx(async (tx) => {
        await tx.query('ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change');
        await tx.query('DELETE FROM audit_events WHERE sequence = 2');
        await tx.query('ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_change');
      });
      expect(await verifyAuditChain(other)).toEqual({ ok: false, verified: 1, brokenSequence: 3, reason: 'gap' });
    } finally {
      await other.close();
    }
  }, 60_000);

  it('keeps one chain when many writers record at once', async () => {
    const other = await createTestDb();
    try {
      // Half in transactions of their own (as a change is recorded), half alone (as a read is): on PostgreSQL these
      // run on several connections at once.
      await Promise.all(
        Array.from({ length: 40 }, (_unused, index) =>
          index % 2 === 0
            ? other.tx((tx) => recordAudit(tx, { ...context, requestId: String(index) }, { action: 'patient.list' }))
            : recordAudit(other, { ...context, requestId: String(index) }, { action: 'patient.list' }),
        ),
      );
      expect(await verifyAuditChain(other)).toEqual({ ok: true, verified: 40, firstSequence: 1 });
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('the audit trail is kept as long as AUDIT_RETENTION_YEARS says, never under six years (issue 35 F1)', () => {
  it('refuses deleting entries younger than the retention the server set at start', async () => {
    const testApp = await createTestApp({ auditRetentionYears: 10 });
    try {
      await testApp.app.ready();
      const aged = (sequence: number, years: number) =>
        testApp.db.query(
          `INSERT INTO audit_events (sequence, at, action, outcome, client_address, request_id, prev_hash, hash)
           VALUES ($1, now() - make_interval(years => $2), 'patient.read', 'success', '203.0.113.9', 'r', '', 'h')`,
          [sequence, years],
        );
      await aged(1_000_001, 7);
      await aged(1_000_002, 11);
      await expect(testApp.db.query('DELETE FROM audit_events WHERE sequence = 1000001')).rejects.toThrow(
        /append-only/,
      );
      await testApp.db.query('DELETE FROM audit_events WHERE sequence = 1000002');

      await setAuditRetentionYears(testApp.db, 6);
      await testApp.db.query('DELETE FROM audit_events WHERE sequence = 1000001');
      await expect(setAuditRetentionYears(testApp.db, 5)).rejects.toThrow();
    } finally {
      await testApp.close();
    }
  });
});
