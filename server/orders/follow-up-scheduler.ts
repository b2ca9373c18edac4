import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import { runFollowUpSweep } from './follow-up';

export interface FollowUpScheduler {
  /** One pass now (the timer's own passes never overlap one another). */
  runOnce: () => Promise<void>;
  stop: () => void;
}

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
  let running: Promise<void> | null = null;
  const runOnce = (): Promise<void> => {
    running ??= runFollowUpSweep({
      db: options.db,
      origin: options.origin(),
      product: options.product,
      now: options.now?.() ?? new Date(),
    })
      .then((done) => {
        if (done.reminders > 0 || done.expired > 0) options.log.info(done, 'order follow-up sweep');
      })
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'order follow-up sweep failed');
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void runOnce(), options.intervalMs);
  timer.unref();
  return {
    runOnce,
    stop: () => {
      clearInterval(timer);
    },
  };
}
