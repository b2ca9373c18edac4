import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render';
import { EmptyState, LoadError, Loading } from './states';

function renderAt(element: ReactNode) {
  return renderApp([{ path: '*', element }], { initialEntries: ['/'] });
}

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
