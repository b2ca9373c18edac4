import type { ContactMessage } from '#common/contract';
import type { Db } from '../db';

export async function insertContactMessage(db: Db, message: ContactMessage): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO contact_messages (name, email, organization, message, optin)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [message.name, message.email, message.organization, message.message, message.optin],
  );
  const row = rows[0];
  if (!row) throw new Error('Contact message insert returned no row');
  return row.id;
}

/** How many messages one sender address sent since `since` (the anonymous form's throttle). */
export async function countContactMessagesSince(db: Db, email: string, since: Date): Promise<number> {
  const rows = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM contact_messages WHERE lower(email) = lower($1) AND created_at >= $2`,
    [email, since.toISOString()],
  );
  return rows[0]?.count ?? 0;
}
