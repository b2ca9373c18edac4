import { describe, expect, it } from 'vitest';
import { isCancelled, orderedByOf, orderProgressOf } from './order-progress';
import { specShapedOrder, testOrder } from './testing';

describe("an order's progress without the reference server's extras (issue 37)", () => {
  it("takes the server's progress when it sends one", () => {
    expect(orderProgressOf(testOrder({ progress: { id: 'OPENED', at: '2025-03-05T10:00:00Z' } }))).toEqual({
      id: 'OPENED',
      at: '2025-03-05T10:00:00Z',
    });
    expect(isCancelled(testOrder({ progress: { id: 'CANCELLED', at: null } }))).toBe(true);
  });

  it('derives it from the status of spec §3 when the answer has none', () => {
    const scheduled = specShapedOrder();
    expect(scheduled).not.toHaveProperty('progress');
    expect(orderProgressOf(scheduled)).toEqual({ id: 'SCHEDULED', at: null });
    expect(orderProgressOf(specShapedOrder({ assessmentOrderLastStartedUsingLanguage: 'es-US' }))).toEqual({
      id: 'IN_PROGRESS',
      at: null,
    });
    expect(
      orderProgressOf(
        specShapedOrder({
          assessmentOrderStatus: { id: 'FINI', name: 'Finished' },
          assessmentOrderLastStartedUsingLanguage: 'en-US',
          completedDateTime: '2025-03-06T12:00:00Z',
        }),
      ),
    ).toEqual({ id: 'FINISHED', at: '2025-03-06T12:00:00Z' });
    expect(isCancelled(scheduled)).toBe(false);
  });

  it('names the prescriber as the one who ordered when the answer does not say who did', () => {
    expect(orderedByOf(testOrder({ orderedBy: { id: 3, name: 'Sam Whitfield' }, prescriber: null }))).toEqual({
      id: 3,
      name: 'Sam Whitfield',
    });
    expect(orderedByOf(specShapedOrder({ prescriber: { id: 2, name: 'Elena Park' } }))).toEqual({
      id: 2,
      name: 'Elena Park',
    });
    expect(orderedByOf(specShapedOrder({ prescriber: null }))).toBeNull();
  });
});
