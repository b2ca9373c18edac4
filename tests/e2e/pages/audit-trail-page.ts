import { expect, type Locator, type Page } from '@playwright/test';

/** The administrators' audit trail under Manage (issue 35): its filters, its table and its CSV export. */
export class AuditTrailPage {
  constructor(private readonly page: Page) {}

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Audit trail' });
  }

  filters(): Locator {
    return this.page.getByRole('search', { name: 'Filter the audit trail' });
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Audit trail entries' });
  }

  /** The entries shown, without the header row. */
  rows(): Locator {
    return this.table().locator('tbody').getByRole('row');
  }

  /** The text of one column in every row shown, in order. */
  async column(index: number): Promise<string[]> {
    return this.rows().evaluateAll(
      (rows, at) => rows.map((row) => row.querySelectorAll('td')[at]?.textContent.trim() ?? ''),
      index,
    );
  }

  count(): Locator {
    return this.page.getByRole('status').filter({ hasText: /^\d[\d,]* entr(y|ies)$/ });
  }

  async filterBy(filters: { patientId?: number; action?: string }): Promise<void> {
    const form = this.filters();
    if (filters.patientId !== undefined) {
      await form.getByRole('textbox', { name: 'Patient ID' }).fill(String(filters.patientId));
    }
    if (filters.action !== undefined) {
      await form.getByRole('combobox', { name: 'Action' }).selectOption({ label: filters.action });
    }
    await form.getByRole('button', { name: 'Show entries' }).click();
  }

  sortButton(column: string): Locator {
    return this.table().getByRole('button', { name: new RegExp(`^${column},`) });
  }

  header(column: string): Locator {
    return this.table().getByRole('columnheader', { name: new RegExp(`^${column},`) });
  }

  async sortBy(column: string, direction: 'ascending' | 'descending'): Promise<void> {
    for (let click = 0; click < 2; click += 1) {
      if ((await this.header(column).getAttribute('aria-sort')) === direction) break;
      await this.sortButton(column).click();
    }
    await expect(this.header(column)).toHaveAttribute('aria-sort', direction);
  }

  exportButton(): Locator {
    return this.page.getByRole('button', { name: /^Export [\d,]+ entr(y|ies) as CSV$/ });
  }
}
