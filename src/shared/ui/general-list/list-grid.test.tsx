import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render';
import { ListGrid } from './list-grid';

interface Row {
  id: number;
  name: string;
}

function renderGrid(records: Row[], fetching = false) {
  return renderApp([
    {
      path: '/cgm',
      element: (
        <ListGrid<Row>
          aria-label="Things"
          idAccessor="id"
          records={records}
          fetching={fetching}
          columns={[{ accessor: 'name', title: 'Name', render: (row) => row.name }]}
          sort={{ orderBy: 'name', ascending: true }}
          onSortChange={() => undefined}
          emptyState={<p>No things found.</p>}
        />
      ),
    },
  ]);
}

describe('ListGrid empty state (issue 33: lists read right by a screen reader)', () => {
  it('keeps no "nothing found" text in the page beside real rows', async () => {
    renderGrid([
      { id: 1, name: 'First' },
      { id: 2, name: 'Second' },
    ]);
    const grid = await screen.findByRole('table', { name: 'Things' });
    expect(within(grid).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByText('No things found.')).not.toBeInTheDocument();
    // Nor DataTable's own English message in its place.
    expect(screen.queryByText(/no records/i)).not.toBeInTheDocument();
    expect(grid).not.toHaveAttribute('aria-describedby');
  });

  it('says nothing found when empty, and the table is described by it', async () => {
    renderGrid([]);
    const grid = await screen.findByRole('table', { name: 'Things' });
    expect(grid).toHaveAccessibleDescription('No things found.');
  });

  it('says nothing while the first rows are still on their way', async () => {
    renderGrid([], true);
    await screen.findByRole('table', { name: 'Things' });
    expect(screen.queryByText('No things found.')).not.toBeInTheDocument();
  });
});
