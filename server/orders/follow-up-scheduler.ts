import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import { startPeriodicTask, type PeriodicTask } from '../http/periodic-task';
import { runFollowUpSweep } from './follow-up';

export type FollowUpScheduler = PeriodicTask;

/**
 * Runs the follow-up sweep (reminders, expiries) every `intervalMs` inside the server. Several servers on one
 * PostgreSQL may all run it: the sweep takes each order with SKIP LOCKED, so each reminder goes out once.
 */
export function startFollowUpScheduler(options: {
  db: Db;
  origin: () => string;
  product: string;
  intervalMs: number;
  log: FastifyBaseLogger;
  now?: () => Date;
}): FollowUpScheduler {
  return startPeriodicTask(
    options.intervalMs,
    async () => {
      const done = await runFollowUpSweep({
        db: options.db,
        origin: options.origin(),
        product: options.product,
        now: options.now?.() ?? new Date(),
      });
      if (done.reminders > 0 || done.expired > 0) options.log.info(done, 'order follow-up sweep');
    },
    (error: unknown) => {
      options.log.error({ err: error }, 'order follow-up sweep failed');
    },
  );
}
