import type { Page } from '@playwright/test';

export class Shell {
  constructor(private readonly page: Page) {}

  accountMenu() {
    return this.page.getByRole('button', { name: /^Account menu for/ });
  }

  async openMenu(): Promise<void> {
    await this.accountMenu().click();
  }

  menuItems() {
    return this.page.getByRole('menuitem');
  }

  async choose(entry: string): Promise<void> {
    await this.openMenu();
    await this.page.getByRole('menuitem', { name: entry }).click();
  }

  footer() {
    return this.page.getByRole('contentinfo');
  }
}
