import { expect, type Page } from '@playwright/test';

/** The provider-service grid and its add/edit form (spec §2 /manage/cops, addproviderservice, editproviderservice). */
export class ProviderServicesPage {
  constructor(private readonly page: Page) {}

  heading(name: 'Provider Services' | 'Add Provider Service' | 'Edit Provider Service') {
    return this.page.getByRole('heading', { level: 1, name });
  }

  async startAdding(): Promise<void> {
    await this.page.getByRole('link', { name: 'Add provider service' }).click();
    await expect(this.heading('Add Provider Service')).toBeVisible();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Search provider services' }).fill(text);
  }

  recordsCount() {
    return this.page.getByRole('status').filter({ hasText: /record/ });
  }

  row(mergedName: string) {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('link', { name: mergedName, exact: true }) });
  }

  async openEdit(mergedName: string): Promise<void> {
    await this.page.getByRole('link', { name: `Edit ${mergedName}` }).click();
    await expect(this.heading('Edit Provider Service')).toBeVisible();
  }

  async fillNames(providerName: string, serviceName: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Provider name' }).fill(providerName);
    await this.page.getByRole('textbox', { name: 'Service name' }).fill(serviceName);
  }

  async chooseReportType(name: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Report type' }).click();
    await this.page.getByRole('option', { name }).click();
  }

  async chooseDeliveryMethod(label: 'In clinic' | 'Out of clinic' | 'Both'): Promise<void> {
    await this.page.getByRole('radio', { name: label, exact: true }).check();
  }

  battery(name: string) {
    return this.page.getByRole('checkbox', { name });
  }

  language(name: string) {
    return this.page.getByRole('checkbox', { name, exact: true });
  }

  defaultLanguage(name: string) {
    return this.page.getByRole('radio', { name: `Default language: ${name}` });
  }

  saveButton() {
    return this.page.getByRole('button', { name: 'Save' });
  }
}
