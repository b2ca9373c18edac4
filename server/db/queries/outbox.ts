import type { OutboxMessage } from '#common/contract';
import type { Db } from '../db';

export interface NewOutboxMessage {
  to: string;
  subject: string;
  body: string;
  link: string | null;
}

/** What an emailed link's token is replaced by once the email is handed over (issue 35 F11). */
export const removedToken = 'removed';

/** The link with the value of its `token` query parameter replaced: it names the page, and opens nothing. */
export function withoutToken(link: string): string {
  return link.replace(/([?&]token=)[^&#\s]*/g, `$1${removedToken}`);
}

/**
 * Issue 35 F11: whether the outbox keeps emailed links whole. Only demo mode does (its outbox page is how a demo
 * reads the links it sends); otherwise a message is stored with the token of its link removed, in the link and in
 * the body, and turning demo mode off removes the tokens the outbox kept. Set by the server at start.
 */
export async function setOutboxKeepsLinks(db: Db, keepsLinks: boolean): Promise<void> {
  await db.tx(async (tx) => {
    await tx.query('UPDATE outbox_settings SET keeps_links = $1', [keepsLinks]);
    if (keepsLinks) return;
    await tx.query(
      `UPDATE outbox SET
         body = replace(body, link, regexp_replace(link, '([?&]token=)[^&#[:space:]]*', '\\1' || $1, 'g')),
         link = regexp_replace(link, '([?&]token=)[^&#[:space:]]*', '\\1' || $1, 'g')
       WHERE link IS NOT NULL AND link <> regexp_replace(link, '([?&]token=)[^&#[:space:]]*', '\\1' || $1, 'g')`,
      [removedToken],
    );
  });
}

/**
 * Emails cannot leave a demo machine: every message the server would send is stored here. The email is handed over
 * as it is written: outside demo mode, what is stored no longer opens anything (setOutboxKeepsLinks).
 */
export async function insertOutboxMessage(db: Db, message: NewOutboxMessage): Promise<number> {
  const link = message.link === null ? null : withoutToken(message.link);
  const body = message.link === null || link === null ? message.body : message.body.replaceAll(message.link, link);
  const rows = await db.query<{ id: number }>(
    `INSERT INTO outbox (to_address, subject, body, link)
     SELECT $1, $2, CASE WHEN s.keeps THEN $3 ELSE $5 END, CASE WHEN s.keeps THEN $4 ELSE $6 END
     FROM (SELECT coalesce((SELECT keeps_links FROM outbox_settings), false) AS keeps) s
     RETURNING id`,
    [message.to, message.subject, message.body, message.link, body, link],
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
