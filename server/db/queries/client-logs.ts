import type { ClientLogEntry, ClientLogLevel } from '#common/contract';
import type { Db } from '../db';

export interface ClientLogRow {
  level: ClientLogLevel;
  message: string;
  route: string;
  clientVersion: string;
  role: string | null;
  sessionId: number | null;
}

export async function insertClientLogs(db: Db, rows: readonly ClientLogRow[]): Promise<void> {
  for (const row of rows) {
    await db.query(
      `INSERT INTO client_logs (level, message, route, client_version, role, session_id)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [row.level, row.message, row.route, row.clientVersion, row.role, row.sessionId],
    );
  }
}

/** How many entries one session sent since `since` (the per-session cap). */
export async function countClientLogsOfSessionSince(db: Db, sessionId: number, since: Date): Promise<number> {
  const rows = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM client_logs WHERE session_id = $1 AND created_at >= $2`,
    [sessionId, since.toISOString()],
  );
  return rows[0]?.count ?? 0;
}

/** Keeps the newest `keep` entries: the table is a window on recent trouble, not an archive. */
export async function trimClientLogs(db: Db, keep: number): Promise<void> {
  await db.query(`DELETE FROM client_logs WHERE id <= (SELECT max(id) FROM client_logs) - $1`, [keep]);
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
