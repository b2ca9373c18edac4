import { UnstyledButton } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableProps } from 'mantine-datatable';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface GeneralListColumn<T> {
  /** The sort key (orderBy) when sortable; otherwise just a column id. */
  accessor: string;
  title: string;
  sortable?: boolean;
  render: (record: T) => ReactNode;
  width?: number | string;
  /** Left out of the table, e.g. a column the reader chose to hide. */
  hidden?: boolean;
  /** Named for screen readers only, e.g. a column of row actions. */
  hideTitle?: boolean;
}

export interface ListSort {
  orderBy: string;
  ascending: boolean;
}

type SortState = 'none' | 'ascending' | 'descending';

/**
 * A sortable column's title. DataTable's own sortable header is a cell with a button role (so no column header,
 * no aria-sort) and names its sort icons in English only, with no prop to change either (upstream issue 844).
 * So sortable columns are plain column headers whose title is this button; it names the sort state in the
 * interface language and puts aria-sort on its own header cell, the one attribute DataTable offers no prop for.
 */
function SortTitle({ title, state, onSort }: { title: string; state: SortState; onSort: () => void }) {
  const { t } = useTranslation('common');
  const stateLabel = t(`list.sort.${state === 'none' ? 'none' : state}`);
  return (
    <UnstyledButton
      fw={700}
      fz="sm"
      aria-label={`${title}, ${stateLabel}`}
      // DataTable keeps a title on one line and cuts it with an ellipsis; in a narrow column it wraps instead.
      style={{ whiteSpace: 'normal', textAlign: 'start' }}
      ref={(button) => {
        button?.closest('th')?.setAttribute('aria-sort', state);
      }}
      onClick={onSort}
    >
      {title}
      <span aria-hidden="true">{state === 'ascending' ? ' ▲' : state === 'descending' ? ' ▼' : ' ↕'}</span>
    </UnstyledButton>
  );
}

export type ListGridProps<T> = Omit<DataTableProps<T>, 'columns' | 'sortStatus' | 'onSortStatusChange' | 'groups'> & {
  columns: readonly GeneralListColumn<T>[];
  sort: ListSort;
  onSortChange: (sort: ListSort) => void;
  /** The direction a column sorts in when first chosen (dates read newest first). */
  firstSortAscending?: boolean;
};

/**
 * mantine-datatable with the general list's columns: translated, accessible sortable headers and hidden columns.
 * DataTable draws its empty state over the table, outside the <table>, in a dimmed grey below the contrast minimum;
 * so the empty state is drawn in the text colour and the table is described by it, which is how a screen reader
 * hears why the table has no rows. DataTable keeps that empty state in the page at opacity 0 while there are rows
 * (its own "No records" when given nothing), and a screen reader read it beside them (issue 33); so it holds the
 * message only when the table is empty, and an element with no text otherwise.
 */
export function ListGrid<T>({
  columns,
  sort,
  onSortChange,
  firstSortAscending = true,
  emptyState,
  ...table
}: ListGridProps<T>) {
  const emptyId = useId();
  const empty = (table.records?.length ?? 0) === 0 && table.fetching !== true;
  const dataColumns: DataTableColumn<T>[] = columns.map((column) => {
    const active = sort.orderBy === column.accessor;
    const state: SortState = active ? (sort.ascending ? 'ascending' : 'descending') : 'none';
    const title = column.sortable ? (
      <SortTitle
        title={column.title}
        state={state}
        onSort={() => {
          onSortChange({ orderBy: column.accessor, ascending: active ? !sort.ascending : firstSortAscending });
        }}
      />
    ) : column.hideTitle ? (
      <span className="visually-hidden">{column.title}</span>
    ) : (
      column.title
    );
    return {
      accessor: column.accessor,
      title,
      width: column.width,
      hidden: column.hidden,
      render: (record: T) => column.render(record),
    };
  });
  // The rest are DataTable's own props; its props type is a union the spread cannot narrow back.
  const tableProps = {
    ...table,
    columns: dataColumns,
    'aria-describedby': empty ? emptyId : undefined,
    emptyState: empty ? (
      <div id={emptyId} style={{ color: 'var(--mantine-color-text)' }}>
        {emptyState}
      </div>
    ) : (
      <span />
    ),
  } as DataTableProps<T>;
  return <DataTable<T> {...tableProps} />;
}
