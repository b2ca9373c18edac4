import { within } from '@testing-library/react';

/** The text of every cell of a table's body, row by row, as a person reads it (the header row left out). */
export const rowTexts = (table: HTMLElement): string[][] =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
