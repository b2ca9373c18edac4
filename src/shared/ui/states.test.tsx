import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http';
import { validationError } from '../testing/factories';
import { renderApp } from '../testing/render';
import { EmptyState, LoadError, Loading, Notice } from './states';
import { toast } from './toast';

function renderAt(element: ReactNode) {
  return renderApp([{ path: '*', element }], { initialEntries: ['/'] });
}

// Some tests below stub the build's DEV flag; every test starts from the real one.
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('shared states', () => {
  it('announces what is loading', async () => {
    renderAt(<Loading label="Loading patients" />);
    expect(await screen.findByRole('status', { name: 'Loading patients' })).toBeInTheDocument();
  });

  it('falls back to a generic loading name', async () => {
    renderAt(<Loading />);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('shows a failed read with a retry that calls back', async () => {
    let retried = 0;
    const { user } = renderAt(
      <LoadError
        title="Could not load the patients."
        onRetry={() => {
          retried += 1;
        }}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the patients.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retried).toBe(1);
  });

  it('offers no retry when none can help', async () => {
    renderAt(<LoadError title="Not found." />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says nothing was found, with a hint', async () => {
    renderAt(<EmptyState hint="Try a different search." />);
    expect(await screen.findByText('No records found.')).toBeInTheDocument();
    expect(screen.getByText('Try a different search.')).toBeInTheDocument();
  });
});

describe('DETAILS under a failed read (spec §8)', () => {
  const failure = new ApiError({
    status: 500,
    code: 'SERVER_ERROR',
    serverMessage: 'relation x does not exist',
    path: '/api/profile/patients',
  });

  it('reveals the raw error under the translated title in a development build', async () => {
    vi.stubEnv('DEV', true);
    const { user } = renderAt(
      <LoadError title="Could not load the patients." onRetry={() => undefined} error={failure} />,
    );
    const details = await screen.findByRole('button', { name: 'Details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/relation x does not exist/)).not.toBeVisible();
    await user.click(details);
    expect(screen.getByText(/relation x does not exist/)).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the patients.');
  });

  it('has no DETAILS in a production build', async () => {
    vi.stubEnv('DEV', false);
    renderAt(<LoadError title="Could not load the patients." onRetry={() => undefined} error={failure} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the patients.');
    expect(screen.queryByRole('button', { name: 'Details' })).not.toBeInTheDocument();
    expect(screen.queryByText(/does not exist/)).not.toBeInTheDocument();
  });
});

// Issue 37: most catalogue errors show under failed saves and in error toasts, so DETAILS is offered there too.
describe('DETAILS under a failed save and in an error toast (spec §8)', () => {
  const refused = validationError(
    [{ path: 'reason', message: 'VALID_FIELD_TOO_LONG' }],
    '/api/cgm/assessmentorders/41/cancel',
  );

  it('reveals the raw error under a failed save in a development build, and not in a production build', async () => {
    vi.stubEnv('DEV', true);
    const { user, unmount } = renderAt(
      <Notice tone="error" error={refused}>
        The order could not be cancelled.
      </Notice>,
    );
    await user.click(await screen.findByRole('button', { name: 'Details' }));
    expect(screen.getByText(/VALID_FIELD_TOO_LONG/)).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('The order could not be cancelled.');
    unmount();

    vi.stubEnv('DEV', false);
    renderAt(
      <Notice tone="error" error={refused}>
        The order could not be cancelled.
      </Notice>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The order could not be cancelled.');
    expect(screen.queryByRole('button', { name: 'Details' })).not.toBeInTheDocument();
  });

  it('offers DETAILS in an error toast of a development build only', async () => {
    vi.stubEnv('DEV', true);
    const { user } = renderAt(<span>page</span>);
    await screen.findByText('page');
    toast.error('The password could not be reset.', { error: refused });
    await user.click(await screen.findByRole('button', { name: 'Details' }));
    expect(screen.getByText(/Request validation failed/)).toBeVisible();

    vi.stubEnv('DEV', false);
    toast.error('The setup link could not be sent.', { error: refused });
    expect(await screen.findByText('The setup link could not be sent.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Details' })).toHaveLength(1);
  });
});
