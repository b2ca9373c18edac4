import type { OutboxMessage } from '#common/contract';
import type { Db } from '../db';

export interface NewOutboxMessage {
  to: string;
  subject: string;
  body: string;
  link: string | null;
}

/** Emails cannot leave a demo machine: every message the server would send is stored here. */
export async function insertOutboxMessage(db: Db, message: NewOutboxMessage): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'INSERT INTO outbox (to_address, subject, body, link) VALUES ($1, $2, $3, $4) RETURNING id',
    [message.to, message.subject, message.body, message.link],
  );
  const row = rows[0];
  if (!row) throw new Error('Outbox insert returned no row');
  return row.id;
}

export async function listOutboxMessages(db: Db, limit = 500): Promise<OutboxMessage[]> {
  const rows = await db.query<Omit<OutboxMessage, 'createdAt'> & { createdAt: Date }>(
    `SELECT id, to_address AS "to", subject, body, link, created_at AS "createdAt"
     FROM outbox ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
