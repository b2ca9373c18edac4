import type { Page } from '@playwright/test';

/** The tabbed Resources page (/{product}/resources). */
export class ResourcesPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/cgm/resources');
  }

  heading() {
    return this.page.getByRole('heading', { level: 1, name: 'Resources' });
  }

  tabs() {
    return this.page.getByRole('tab');
  }

  async chooseTab(name: string): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  panel() {
    return this.page.getByRole('tabpanel');
  }

  /** A PDF or video link by its title (the accessible name adds the kind and the new-tab hint). */
  link(title: string) {
    return this.panel().getByRole('link', { name: new RegExp(`^${title} \\((PDF|Video)\\)`) });
  }
}
