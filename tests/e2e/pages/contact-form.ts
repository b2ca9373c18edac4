import type { Page } from '@playwright/test';

/** The contact form of the About area (/about/contact). */
export class ContactForm {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/about/contact');
  }

  name() {
    return this.page.getByRole('textbox', { name: 'Name' });
  }

  email() {
    return this.page.getByRole('textbox', { name: 'Email' });
  }

  organization() {
    return this.page.getByRole('textbox', { name: 'Organization' });
  }

  message() {
    return this.page.getByRole('textbox', { name: 'Message' });
  }

  consent() {
    return this.page.getByRole('checkbox', { name: /I agree that my name/ });
  }

  submit() {
    return this.page.getByRole('button', { name: 'Submit' });
  }

  async fill(values: { name: string; email: string; organization?: string; message: string }): Promise<void> {
    await this.name().fill(values.name);
    await this.email().fill(values.email);
    await this.organization().fill(values.organization ?? '');
    await this.message().fill(values.message);
    await this.consent().check();
  }
}
