import { expect, type Page } from '@playwright/test';
import { demoAccounts, demoPassword, type DemoAccount } from '../fixtures/demo';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/cgm');
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Email' }).fill(email);
    await this.page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** A password the account does not (or no longer) have is refused, with the form's one message. */
  async expectRefused(email: string, password: string): Promise<void> {
    await this.signIn(email, password);
    await expect(this.page.getByRole('alert', { name: 'Sign-in failed' })).toContainText(
      'The email or password is not correct.',
    );
  }

  async signInAs(account: DemoAccount): Promise<void> {
    await this.open();
    await this.signIn(demoAccounts[account].email, demoPassword);
    await expect(this.page).toHaveURL(new RegExp(`${demoAccounts[account].home}$`));
  }

  alert() {
    return this.page.getByRole('alert');
  }
}
