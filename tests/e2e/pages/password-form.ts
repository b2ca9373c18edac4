import { expect, type Page } from '@playwright/test';

/** The password form of every mode (setup, reset, change, expired). */
export class PasswordForm {
  constructor(private readonly page: Page) {}

  newPassword() {
    return this.page.getByRole('textbox', { name: 'New password', exact: true });
  }

  confirmPassword() {
    return this.page.getByRole('textbox', { name: 'Confirm new password', exact: true });
  }

  currentPassword() {
    return this.page.getByRole('textbox', { name: 'Current password', exact: true });
  }

  /** The live checklist item of one rule, e.g. 'a digit'. */
  rule(text: string | RegExp) {
    return this.page.getByRole('listitem').filter({ hasText: text });
  }

  async choose(password: string, confirmation = password): Promise<void> {
    await this.newPassword().fill(password);
    await this.confirmPassword().fill(confirmation);
  }

  async submit(label: string): Promise<void> {
    await this.page.getByRole('button', { name: label }).click();
  }

  async expectRule(text: string | RegExp, met: boolean): Promise<void> {
    await expect(this.rule(text)).toContainText(met ? '(met)' : '(not met yet)');
  }
}
