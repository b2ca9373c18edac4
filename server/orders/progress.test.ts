import { describe, expect, it } from 'vitest';
import type { OrderEventKind } from '#common/contract';
import { testOrder } from '#common/testing/contract-factories';
import { attentionOf, orderProgress, type ProgressFacts } from './progress';

const now = new Date('2026-11-24T12:00:00Z');
const before = new Date('2026-11-20T12:00:00Z');
const after = new Date('2026-11-30T12:00:00Z');

function facts(overrides: Partial<ProgressFacts> = {}): ProgressFacts {
  return {
    status: 'SCHD',
    orderType: 'HOME',
    cancelledAt: null,
    lockedUntil: null,
    lockedUntilResent: false,
    linkExpiresAt: after,
    eventKinds: [],
    lastEventAt: before,
    ...overrides,
  };
}

const withKinds = (...eventKinds: OrderEventKind[]) => facts({ eventKinds });

describe('orderProgress', () => {
  it.each([
    ['SCHEDULED', withKinds()],
    ['SENT', withKinds('ORDERED', 'EMAIL_SENT')],
    ['SENT', withKinds('ORDERED', 'QR_SHOWN')],
    ['OPENED', withKinds('EMAIL_SENT', 'LINK_OPENED')],
    ['OPENED', withKinds('EMAIL_SENT', 'IDENTITY_REFUSED')],
    ['IN_PROGRESS', withKinds('LINK_OPENED', 'TEST_STARTED')],
    ['IN_PROGRESS', withKinds('TEST_STARTED', 'RUNNER_ERROR')],
    ['FINISHED', facts({ status: 'FINI', eventKinds: ['TEST_STARTED', 'COMPLETED'] })],
    ['CANCELLED', facts({ cancelledAt: before, eventKinds: ['EMAIL_SENT'] })],
    ['LOCKED', facts({ lockedUntil: after, eventKinds: ['LOCKED'] })],
    ['OPENED', facts({ lockedUntil: before, eventKinds: ['LOCKED'] })],
    // Issue 35: locked twice, the link stays locked after its quarter of an hour, until it is resent.
    ['LOCKED', facts({ lockedUntil: before, lockedUntilResent: true, eventKinds: ['LOCKED'] })],
    ['EXPIRED', facts({ linkExpiresAt: before, eventKinds: ['EMAIL_SENT'] })],
    ['IN_PROGRESS', facts({ linkExpiresAt: before, eventKinds: ['TEST_STARTED'] })],
    ['SCHEDULED', facts({ orderType: 'SITE', linkExpiresAt: null })],
    // Final states win over everything before them.
    ['FINISHED', facts({ status: 'FINI', cancelledAt: before, linkExpiresAt: before })],
    ['CANCELLED', facts({ cancelledAt: before, lockedUntil: after })],
  ] as const)('%s (case %#)', (expected, given) => {
    expect(orderProgress(given, now).id).toBe(expected);
  });

  it('carries the time of the last event', () => {
    expect(orderProgress(facts(), now).at).toBe(before.toISOString());
    expect(orderProgress(facts({ lastEventAt: null }), now).at).toBeNull();
  });
});

describe('attentionOf: what an open order needs a person for (issue 18)', () => {
  // The shared test order: placed on Mar 4 at 15:00, its link working until Mar 18 at 15:00.
  const placed = Date.parse('2025-03-04T15:00:00.000Z');
  const day = 86_400_000;
  const at = (ms: number) => new Date(placed + ms);

  it.each([
    ['a link nobody opened three days on', testOrder(), at(3 * day), 'NOT_OPENED'],
    ['a link sent less than three days ago', testOrder(), at(3 * day - 60_000), null],
    ['a link the patient opened', testOrder({ progress: { id: 'OPENED', at: null } }), at(5 * day), null],
    [
      'a link that runs out within two days',
      testOrder({ progress: { id: 'OPENED', at: null } }),
      at(12 * day),
      'EXPIRING',
    ],
    [
      'a link with more than two days left',
      testOrder({ progress: { id: 'OPENED', at: null } }),
      at(12 * day - 60_000),
      null,
    ],
    ['a link that ran out', testOrder({ progress: { id: 'EXPIRED', at: null } }), at(15 * day), 'EXPIRED'],
    ['a locked link', testOrder({ progress: { id: 'LOCKED', at: null } }), at(1 * day), 'LOCKED'],
    [
      'a test that ended in a runner error',
      testOrder({ progress: { id: 'IN_PROGRESS', at: null }, lastErrorCode: 'workflowerror' }),
      at(1 * day),
      'RUNNER_ERROR',
    ],
    ['a test under way', testOrder({ progress: { id: 'IN_PROGRESS', at: null } }), at(13 * day), null],
    [
      'an in-clinic order never handed to a phone',
      testOrder({ progress: { id: 'SCHEDULED', at: null }, linkExpiresOn: null }),
      at(20 * day),
      null,
    ],
    ['a finished order', testOrder({ progress: { id: 'FINISHED', at: null } }), at(20 * day), null],
    ['a cancelled order', testOrder({ progress: { id: 'CANCELLED', at: null } }), at(20 * day), null],
  ] as const)('%s: %s', (_what, subject, now, reason) => {
    expect(attentionOf(subject, now)).toBe(reason);
  });

  it('names the most pressing reason: a locked link before a runner error before an expiry', () => {
    const locked = testOrder({ progress: { id: 'LOCKED', at: null }, lastErrorCode: 'workflowerror' });
    expect(attentionOf(locked, at(20 * day))).toBe('LOCKED');
    const failed = testOrder({ progress: { id: 'EXPIRED', at: null }, lastErrorCode: 'workflowerror' });
    expect(attentionOf(failed, at(20 * day))).toBe('RUNNER_ERROR');
  });
});
