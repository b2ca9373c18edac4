import type { ClientLogEntry, ClientLogLevel } from '#common/contract';
import type { Db } from '../db';

export interface ClientLogRow {
  level: ClientLogLevel;
  message: string;
  route: string;
  clientVersion: string;
  role: string | null;
  /** Null for an anonymous entry (no signed-in session sent it). */
  sessionId: number | null;
}

export async function insertClientLog(db: Db, row: ClientLogRow): Promise<void> {
  await db.query(
    `INSERT INTO client_logs (level, message, route, client_version, role, session_id)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [row.level, row.message, row.route, row.clientVersion, row.role, row.sessionId],
  );
}

/** How many entries one session sent since `since` (the per-session cap). */
export async function countClientLogsOfSessionSince(db: Db, sessionId: number, since: Date): Promise<number> {
  const rows = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM client_logs WHERE session_id = $1 AND created_at >= $2`,
    [sessionId, since.toISOString()],
  );
  return rows[0]?.count ?? 0;
}

/**
 * Keeps the newest `keep` entries of one kind, anonymous or signed-in: the table is a window on recent trouble, not
 * an archive, and one kind never pushes the other out.
 */
export async function trimClientLogs(db: Db, kind: 'anonymous' | 'signedIn', keep: number): Promise<void> {
  const ofKind = kind === 'anonymous' ? 'session_id IS NULL' : 'session_id IS NOT NULL';
  await db.query(
    `DELETE FROM client_logs
     WHERE ${ofKind}
       AND id <= (SELECT id FROM client_logs WHERE ${ofKind} ORDER BY id DESC OFFSET $1 LIMIT 1)`,
    [keep],
  );
}

export async function listClientLogs(db: Db, limit: number): Promise<ClientLogEntry[]> {
  const rows = await db.query<{
    id: number;
    level: ClientLogLevel;
    message: string;
    route: string;
    client_version: string;
    role: string | null;
    created_at: Date;
  }>(
    `SELECT id, level, message, route, client_version, role, created_at
     FROM client_logs ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    level: row.level,
    message: row.message,
    route: row.route,
    clientVersion: row.client_version,
    role: row.role,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
