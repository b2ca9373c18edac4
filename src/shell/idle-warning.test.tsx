import { TextInput } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionStore } from '../shared/auth/session-store';
import { apiError, authResult, fakeAuthApi } from '../shared/testing/factories';
import { renderApp } from '../shared/testing/render';
import { IdleWarning } from './idle-warning';

const start = Date.parse('2025-03-01T09:00:00Z');
const inMinutes = (minutes: number) => new Date(start + minutes * 60_000).toISOString();

/** A signed-in clinician (or patient) whose session ends in `minutes`, on a page with a half-filled form. */
function setup({ minutes, role = 'Healthcare Clinician' }: { minutes: number; role?: string }) {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(authResult({ expiresOn: inMinutes(minutes), user: { role } }));
  const api = fakeAuthApi({
    refresh: () => Promise.resolve(authResult({ authToken: 'token-2', expiresOn: inMinutes(minutes + 30) })),
  });
  const view = renderApp(
    [
      {
        path: '/cgm',
        element: (
          <>
            <TextInput label="Notes" />
            <IdleWarning />
          </>
        ),
      },
    ],
    { store, api },
  );
  fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'Half of a note' } });
  return { ...view, store, api };
}

const warning = () => screen.queryByRole('dialog', { name: 'Are you still there?' });

async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(start);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('IdleWarning (WCAG 2.2.1)', () => {
  it('says nothing until two minutes before the session ends, then says how long is left', async () => {
    setup({ minutes: 5 });
    await advance(3 * 60_000 - 1_000);
    expect(warning()).not.toBeInTheDocument();
    await advance(1_000);
    expect(warning()).toBeInTheDocument();
    expect(screen.getByText(/you will be signed out in 2 minutes\./)).toBeInTheDocument();
    await advance(15_000);
    expect(screen.getByText(/you will be signed out in 1 minute 45 seconds\./)).toBeInTheDocument();
    await advance(60_000);
    expect(screen.getByText(/you will be signed out in 45 seconds\./)).toBeInTheDocument();
  });

  it('"Stay signed in" asks the server for a fresh session, closes, and leaves the form as it was', async () => {
    const { api, store } = setup({ minutes: 1 });
    await advance(1_000);
    expect(warning()).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await advance(0);
    expect(api.refresh).toHaveBeenCalledExactlyOnceWith('token-1');
    expect(store.getSnapshot()).toMatchObject({
      isLoggedIn: true,
      authToken: 'token-2',
      expiresOn: start + 31 * 60_000,
    });
    expect(warning()).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Half of a note');
    // The next warning is due two minutes before the new end, not before.
    await advance(27 * 60_000);
    expect(warning()).not.toBeInTheDocument();
  });

  it('takes Escape for staying signed in', async () => {
    const { api } = setup({ minutes: 1 });
    await advance(1_000);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Stay signed in' }), { key: 'Escape' });
    await advance(0);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(warning()).not.toBeInTheDocument();
  });

  it('closes by itself when a validation finds that activity moved the end away', async () => {
    const { store } = setup({ minutes: 1 });
    await advance(1_000);
    expect(warning()).toBeInTheDocument();
    act(() => {
      store.update(authResult({ expiresOn: inMinutes(30) }));
    });
    await advance(1_000);
    expect(warning()).not.toBeInTheDocument();
  });

  it('says so when the service cannot be reached, and stays open to try again', async () => {
    const { api, store } = setup({ minutes: 1 });
    api.refresh.mockRejectedValueOnce(apiError(0));
    await advance(1_000);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent('The service could not be reached.');
    expect(store.getSnapshot().isLoggedIn).toBe(true);
    expect(warning()).toBeInTheDocument();
  });

  it('ends the session with the timed-out message when the server has already ended it', async () => {
    const { api, store } = setup({ minutes: 1 });
    api.refresh.mockRejectedValueOnce(apiError(401, { path: '/api/cgm/login/refreshauthtoken' }));
    await advance(1_000);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await advance(0);
    expect(store.getSnapshot()).toMatchObject({
      isLoggedIn: false,
      loginMessageKey: 'TEXT_YOUR_SESSION_HAS_BEEN_TIMED_OUT',
    });
  });

  it('never warns a patient, who has no session timer (spec §4)', async () => {
    setup({ minutes: 1, role: 'Patient' });
    await advance(30_000);
    expect(warning()).not.toBeInTheDocument();
  });
});
