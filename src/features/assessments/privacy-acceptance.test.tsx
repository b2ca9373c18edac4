import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../shared/api/http';
import { renderApp } from '../../shared/testing/render';
import { timestampCaptureDelayMs, usePrivacyAcceptance } from './privacy-notice';

function Probe() {
  const privacy = usePrivacyAcceptance();
  return (
    <div>
      <button
        type="button"
        onClick={() => {
          privacy.tick(true);
        }}
      >
        Tick
      </button>
      <output>{privacy.acceptance ? privacy.acceptance.serverTimestamp : 'none'}</output>
    </div>
  );
}

describe('usePrivacyAcceptance (spec §9 timestamp capture delay)', () => {
  it('is 100 ms', () => {
    expect(timestampCaptureDelayMs).toBe(100);
  });

  it('captures the client time and asks the server time only once the delay has passed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const asked: number[] = [];
    const http: HttpClient = {
      get: (_path, schema) => {
        asked.push(Date.now());
        return Promise.resolve(schema.parse({ serverUtcTime: '2026-11-23T10:00:00.100Z' }));
      },
      post: () => Promise.reject(new Error('unexpected')),
      put: () => Promise.reject(new Error('unexpected')),
    };
    renderApp([{ path: '/cgm', Component: Probe }], { http });
    act(() => {
      screen.getByRole('button', { name: 'Tick' }).click();
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(timestampCaptureDelayMs - 1);
    });
    expect(asked).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(asked).toEqual([new Date('2026-11-23T10:00:00.100Z').getTime()]);
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    expect(screen.getByRole('status')).toHaveTextContent('2026-11-23T10:00:00.100Z');
  });
});
