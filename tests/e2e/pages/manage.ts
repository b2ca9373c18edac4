import { expect, type Locator, type Page } from '@playwright/test';

/** The Manage tabs above every management page (a navigation landmark of links). */
export class ManageTabs {
  constructor(private readonly page: Page) {}

  nav(): Locator {
    return this.page.getByRole('navigation', { name: 'Manage' });
  }

  links(): Locator {
    return this.nav().getByRole('link');
  }

  async open(name: string): Promise<void> {
    await this.nav().getByRole('link', { name, exact: true }).click();
    await expect(this.nav().getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
  }
}

/** The general list of spec §2: search, modes, rows. */
export class GeneralList {
  constructor(
    private readonly page: Page,
    private readonly label: string,
  ) {}

  region(): Locator {
    return this.page.getByRole('region', { name: this.label });
  }

  searchBox(): Locator {
    return this.region().getByRole('searchbox', { name: `Search ${this.label}` });
  }

  /** Types and presses Enter, which searches at once instead of waiting for the debounce. */
  async searchNow(text: string): Promise<void> {
    await this.searchBox().fill(text);
    await this.searchBox().press('Enter');
  }

  modeButton(name: 'Grid' | 'List' | 'Cards'): Locator {
    return this.region().getByRole('group', { name: 'View as' }).getByRole('button', { name });
  }

  async chooseMode(name: 'Grid' | 'List' | 'Cards'): Promise<void> {
    await this.modeButton(name).click();
    await expect(this.modeButton(name)).toHaveAttribute('aria-pressed', 'true');
  }

  link(name: string | RegExp): Locator {
    return this.region().getByRole('link', { name });
  }

  grid(): Locator {
    return this.region().getByRole('table', { name: this.label });
  }
}

/** The add/edit dialog of spec §2 ('Add Patient', 'Edit Clinician'…). */
export class ProfileDialog {
  constructor(private readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  textbox(name: string): Locator {
    return this.dialog().getByRole('textbox', { name, exact: true });
  }

  select(name: string): Locator {
    return this.dialog().getByRole('combobox', { name, exact: true });
  }

  /** Fills in a new staff account: the provider service it belongs to, the person's name and their email. */
  async fillStaff(staff: {
    providerService: string;
    firstName: string;
    lastName: string;
    email: string;
  }): Promise<void> {
    await this.select('Provider service').selectOption({ label: staff.providerService });
    await this.textbox('First name').fill(staff.firstName);
    await this.textbox('Last name').fill(staff.lastName);
    await this.textbox('Email').fill(staff.email);
  }

  dateOfBirth(): Locator {
    return this.dialog().getByLabel('Date of birth');
  }

  async save(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Save' }).click();
  }
}

/** A short random suffix, so parallel tests never share a name. */
export function uniqueName(prefix: string): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `${prefix}${letters}`;
}
