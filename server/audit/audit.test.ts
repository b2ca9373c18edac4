import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { appendAuditEvents, setAuditRetentionYears } from '../db/queries/audit-events';
import { createDb } from '../db/db';
import { createTestApp, createTestDb, testDatabaseUrl } from '../testing/test-app';
import { auditHash, recordAudit, verifyAuditChain, type AuditContext } from './audit';
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

/** The trail's entries as stored, in chain order. */
async function storedChain(on: Db): Promise<{ sequence: number; requestId: string; prevHash: string; hash: string }[]> {
  return on.query(
    'SELECT sequence, request_id AS "requestId", prev_hash AS "prevHash", hash FROM audit_events ORDER BY sequence',
  );
}

/** An entry appended as another server on the same database would: chained to the real last entry, directly. */
async function appendAsAnotherServer(on: Db, requestId: string): Promise<void> {
  const [last] = await on.query<{ sequence: number; hash: string }>(
    'SELECT sequence, hash FROM audit_events ORDER BY sequence DESC LIMIT 1',
  );
  const head = { sequence: last?.sequence ?? 0, hash: last?.hash ?? '' };
  const link = {
    sequence: head.sequence + 1,
    at: new Date(),
    actorUserId: 8,
    actorRole: 'technician' as const,
    actorProviderServiceId: 1,
    patientSessionOrderId: null,
    action: 'patient.read' as const,
    patientIds: [5],
    entity: 'patient',
    entityId: '5',
    outcome: 'success' as const,
    clientAddress: '198.51.100.4',
    requestId,
    prevHash: head.hash,
  };
  expect(await appendAuditEvents(on, head, [{ ...link, hash: auditHash(link) }])).toBeNull();
}

describe('the audit trail stays one chain whoever appends (issue 35 F1)', () => {
  it('chains after entries another server appended meanwhile, alone and in a transaction', async () => {
    const other = await createTestDb();
    try {
      await recordAudit(other, { ...context, requestId: 'mine-1' }, { action: 'patient.list' });
      await appendAsAnotherServer(other, 'theirs-1');
      await recordAudit(other, { ...context, requestId: 'mine-2' }, { action: 'patient.list' });
      await appendAsAnotherServer(other, 'theirs-2');
      await other.tx((tx) => recordAudit(tx, { ...context, requestId: 'mine-3' }, { action: 'patient.update' }));

      const chain = await storedChain(other);
      expect(chain.map((row) => row.requestId)).toEqual(['mine-1', 'theirs-1', 'mine-2', 'theirs-2', 'mine-3']);
      expect(await verifyAuditChain(other)).toEqual({ ok: true, verified: 5, firstSequence: 1 });
    } finally {
      await other.close();
    }
  }, 60_000);

  it('leaves no gap after a transaction that recorded an entry and then rolled back', async () => {
    const other = await createTestDb();
    try {
      await recordAudit(other, { ...context, requestId: 'kept-1' }, { action: 'patient.list' });
      await expect(
        other.tx(async (tx) => {
          await recordAudit(tx, { ...context, requestId: 'rolled-back' }, { action: 'patient.update' });
          throw new Error('the change failed after its entry');
        }),
      ).rejects.toThrow('the change failed');
      await recordAudit(other, { ...context, requestId: 'kept-2' }, { action: 'patient.list' });
      await other.tx((tx) => recordAudit(tx, { ...context, requestId: 'kept-3' }, { action: 'patient.update' }));

      expect((await storedChain(other)).map((row) => [row.sequence, row.requestId])).toEqual([
        [1, 'kept-1'],
        [2, 'kept-2'],
        [3, 'kept-3'],
      ]);
      expect(await verifyAuditChain(other)).toEqual({ ok: true, verified: 3, firstSequence: 1 });
    } finally {
      await other.close();
    }
  }, 60_000);

  it('refuses entries that do not follow the last one, whoever sends them', async () => {
    const other = await createTestDb();
    try {
      await recordAudit(other, { ...context, requestId: 'first' }, { action: 'auth.logout' });
      const [last] = await storedChain(other);
      const head = { sequence: 1, hash: last?.hash ?? '' };
      const skipping = {
        sequence: 3,
        at: new Date(),
        actorUserId: null,
        actorRole: null,
        actorProviderServiceId: null,
        patientSessionOrderId: null,
        action: 'auth.logout' as const,
        patientIds: [],
        entity: null,
        entityId: null,
        outcome: 'success' as const,
        clientAddress: '198.51.100.4',
        requestId: 'skipping',
        prevHash: head.hash,
        hash: 'f'.repeat(64),
      };
      await expect(appendAuditEvents(other, head, [skipping])).rejects.toThrow(/does not follow entry 1/);
      await expect(appendAuditEvents(other, head, [{ ...skipping, sequence: 2, prevHash: '' }])).rejects.toThrow(
        /does not follow entry 1/,
      );
      // Chained to an entry that is no longer the last: nothing written, and the last entry answered.
      expect(await appendAuditEvents(other, { sequence: 0, hash: '' }, [{ ...skipping, sequence: 1 }])).toEqual(head);
      expect(await storedChain(other)).toHaveLength(1);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('keeps one chain when two servers on one database record at once', async () => {
    const first = await createTestDb();
    // On PostgreSQL a second connection pool to the same database is a second server; PGlite has one connection.
    const second = testDatabaseUrl ? await createDb({ databaseUrl: await databaseUrlOf(first) }) : first;
    try {
      await Promise.all(
        Array.from({ length: 60 }, (_unused, index) => {
          const on = index % 2 === 0 ? first : second;
          const entry = { ...context, requestId: `server-${String(index % 2)}-${String(index)}` };
          return index % 3 === 0
            ? on.tx((tx) => recordAudit(tx, entry, { action: 'patient.update' }))
            : recordAudit(on, entry, { action: 'patient.list' });
        }),
      );
      expect(await verifyAuditChain(first)).toEqual({ ok: true, verified: 60, firstSequence: 1 });
      expect(new Set((await storedChain(first)).map((row) => row.requestId)).size).toBe(60);
    } finally {
      if (second !== first) await second.close();
      await first.close();
    }
  }, 60_000);
});

/** The URL of a test database on TEST_DATABASE_URL's cluster. */
async function databaseUrlOf(on: Db): Promise<string> {
  const [row] = await on.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(testDatabaseUrl ?? '');
  url.pathname = `/${row?.name ?? ''}`;
  return url.toString();
}

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
