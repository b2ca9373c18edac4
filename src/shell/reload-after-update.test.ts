import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAfterUpdate, reloadFlagMs } from './reload-after-update';

function setup(waiting: boolean) {
  const events = new EventTarget();
  const registration = { waiting: waiting ? ({} as ServiceWorker) : null } as ServiceWorkerRegistration;
  const reload = vi.fn<() => void>();
  const serviceWorker = {
    addEventListener: events.addEventListener.bind(events),
    getRegistration: () => Promise.resolve(registration),
  } as Pick<ServiceWorkerContainer, 'addEventListener' | 'getRegistration'>;
  reloadAfterUpdate({ serviceWorker, reload, setTimeout: (fn, ms) => setTimeout(fn, ms) });
  return { reload, takeOver: () => events.dispatchEvent(new Event('controllerchange')) };
}

beforeEach(() => {
  vi.useFakeTimers();
});

describe('reload after an update (spec §9 reload flag)', () => {
  it('is 500 ms', () => {
    expect(reloadFlagMs).toBe(500);
  });

  it('reloads once when the new worker takes over, not again when the flag runs out', async () => {
    const { reload, takeOver } = setup(false);
    await vi.advanceTimersByTimeAsync(100);
    takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(reloadFlagMs);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads after 500 ms when no worker is waiting and none took over', async () => {
    const { reload } = setup(false);
    await vi.advanceTimersByTimeAsync(reloadFlagMs - 1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps waiting for a worker that is still waiting to take over', async () => {
    const { reload, takeOver } = setup(true);
    await vi.advanceTimersByTimeAsync(reloadFlagMs * 4);
    expect(reload).not.toHaveBeenCalled();
    takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
