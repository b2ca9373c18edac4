import { describe, expect, it } from 'vitest';
import type { OrderEventKind } from '../../src/shared/api/contract';
import { orderProgress, type ProgressFacts } from './progress';

const now = new Date('2026-11-24T12:00:00Z');
const before = new Date('2026-11-20T12:00:00Z');
const after = new Date('2026-11-30T12:00:00Z');

function facts(overrides: Partial<ProgressFacts> = {}): ProgressFacts {
  return {
    status: 'SCHD',
    orderType: 'HOME',
    cancelledAt: null,
    lockedUntil: null,
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
