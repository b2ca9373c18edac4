import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../shared/testing/i18n';
import { BusyIndicator, busyDelayMs } from './busy-indicator';

function NeverAnswered() {
  useQuery({ queryKey: ['never'], queryFn: () => new Promise<never>(() => undefined) });
  return null;
}

async function renderBusy(bar: boolean) {
  const i18n = createTestI18n();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <NeverAnswered />
          <BusyIndicator bar={bar} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  await act(async () => {
    await vi.advanceTimersByTimeAsync(busyDelayMs + 100);
  });
  return view;
}

describe('the busy indicator (spec §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('on staff pages shows the bar fixed at the top once work has taken 1.4 s, and says it', async () => {
    const { container } = await renderBusy(true);
    expect(screen.getByRole('status')).toHaveTextContent('Working, please wait…');
    expect(container.querySelector('.mantine-Progress-root')).not.toBeNull();
  });

  it("on a patient's pages only says it: nothing is fixed over their screen", async () => {
    const { container } = await renderBusy(false);
    expect(screen.getByRole('status')).toHaveTextContent('Working, please wait…');
    expect(container.querySelector('.mantine-Progress-root')).toBeNull();
  });
});
