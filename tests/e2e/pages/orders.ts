import type { Locator, Page } from '@playwright/test';

/** The patient profile's orders section: the order action and the assessments table (spec §2). */
export class PatientOrders {
  constructor(
    private readonly page: Page,
    private readonly patientName: string,
  ) {}

  orderButton(): Locator {
    return this.page.getByRole('link', { name: 'Order new assessment' });
  }

  table(): Locator {
    return this.page.getByRole('table', { name: `Assessment orders of ${this.patientName}` });
  }

  /** Data rows (the header row is left out). */
  rows(): Locator {
    return this.table()
      .getByRole('row')
      .filter({ hasNot: this.page.getByRole('columnheader') });
  }

  /** The first order's follow-up button, named by its one status (issue 33): 'Sent', 'Finished'… */
  firstOrderStatus(status: string): Locator {
    return this.rows()
      .first()
      .getByRole('button', { name: new RegExp(`^Follow the order of .*: ${status}$`) });
  }
}

/** The new-assessment dialog and the mass-order dialog share their fields' names. */
export class OrderDialog {
  constructor(private readonly page: Page) {}

  dialog(name = 'New assessment'): Locator {
    return this.page.getByRole('dialog', { name });
  }

  confirmation(): Locator {
    return this.page.getByRole('dialog', { name: 'Thank you' });
  }
}
