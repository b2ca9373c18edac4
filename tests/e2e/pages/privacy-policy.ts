import { expect, type Page } from '@playwright/test';

/** The privacy-policy step shown to a clinician or technician before any other page. */
export class PrivacyPolicyStep {
  constructor(private readonly page: Page) {}

  heading() {
    return this.page.getByRole('heading', { level: 1, name: 'Privacy policy' });
  }

  viewer(title: string) {
    return this.page.getByRole('region', { name: title });
  }

  agree() {
    return this.page.getByRole('checkbox', { name: /I have read and agree/ });
  }

  acceptButton() {
    return this.page.getByRole('button', { name: 'Accept' });
  }

  /** The policy as HTML: its own title heads it. */
  documentHeading(title: string) {
    return this.viewer(title).getByRole('heading', { level: 2, name: title });
  }

  /** Reads to the end as a keyboard user would: focus the policy and press End. */
  async scrollToEnd(title: string): Promise<void> {
    const viewer = this.viewer(title);
    await expect(this.documentHeading(title)).toBeVisible();
    await viewer.focus();
    await this.page.keyboard.press('End');
  }
}
