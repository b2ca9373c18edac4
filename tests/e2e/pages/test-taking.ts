import { expect, type Locator, type Page } from '@playwright/test';

export const patientNoticeTitle = 'Privacy notice for patients';
export const patientNoticeBox = 'I have read and accept the privacy notice for patients';

/**
 * Reads the patient privacy notice (HTML) to its end as a keyboard user would (focus it, press End) until its box
 * is enabled: text still being laid out (a web font, a resize) can grow after the first End, as it would under a
 * reader's finger.
 */
export async function readPatientNotice(page: Page): Promise<void> {
  const viewer = page.getByRole('region', { name: patientNoticeTitle });
  const box = page.getByRole('checkbox', { name: patientNoticeBox });
  await expect(viewer.getByRole('heading').first()).toBeVisible();
  await expect(async () => {
    await viewer.focus();
    await page.keyboard.press('End');
    await expect(box).toBeEnabled({ timeout: 1_000 });
  }).toPass();
}

/** Spec §2 /{product}/patientlogin: the patient confirms their details and accepts the privacy notice. */
export class PatientLogin {
  constructor(private readonly page: Page) {}

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Confirm your details' });
  }

  async open(link: string): Promise<void> {
    await this.page.goto(link);
    await expect(this.heading()).toBeVisible();
  }

  async fillDetails(details: { firstName: string; lastName: string; dateOfBirth: string }): Promise<void> {
    await this.page.getByRole('textbox', { name: 'First name' }).fill(details.firstName);
    await this.page.getByRole('textbox', { name: 'Last name' }).fill(details.lastName);
    await this.page.getByLabel('Date of birth').fill(details.dateOfBirth);
  }

  acceptBox(): Locator {
    return this.page.getByRole('checkbox', { name: patientNoticeBox });
  }

  /** Reads the notice to its end as a keyboard user would, then ticks the box (the server time is fetched). */
  async acceptNotice(): Promise<void> {
    await expect(this.acceptBox()).toBeDisabled();
    await readPatientNotice(this.page);
    await this.acceptBox().check();
    await expect(this.acceptBox()).toBeChecked();
  }

  async continue(): Promise<void> {
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }

  mismatchDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Details check unsuccessful' });
  }
}

/** The reference workflow runner served by the demo server (spec §4, DESIGN §4). */
export class ReferenceRunner {
  /** The runner deals this many cards per task. */
  static readonly cardsPerTask = 6;

  constructor(private readonly page: Page) {}

  /** The begin page hands over after a short pause; the runner then prepares the test. */
  async waitUntilReady(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Reference workflow runner' })).toBeVisible();
    await expect(this.page.getByRole('heading', { name: 'Before you start' })).toBeVisible();
  }

  async takeTheTest(tasks = 4): Promise<void> {
    await this.page.getByRole('button', { name: 'Start the first task' }).click();
    for (let task = 1; task <= tasks; task += 1) {
      await expect(
        this.page.getByRole('heading', { name: new RegExp(`^Task ${String(task)} of ${String(tasks)}`) }),
      ).toBeVisible();
      await this.page.getByRole('button', { name: 'Start this task' }).click();
      for (let card = 1; card <= ReferenceRunner.cardsPerTask; card += 1) {
        await expect(
          this.page.getByText(new RegExp(`^Card ${String(card)} of ${String(ReferenceRunner.cardsPerTask)}`)),
        ).toBeVisible();
        await this.page.getByRole('button', { name: 'Yes', exact: true }).click();
      }
    }
    await expect(this.page.getByRole('heading', { name: 'All tasks are done' })).toBeVisible();
  }

  async finish(): Promise<void> {
    await this.page.getByRole('button', { name: 'Finish and return' }).click();
  }

  async endWithError(code: string): Promise<void> {
    const panel = this.page.getByRole('region', { name: 'End the test with an error' });
    await panel.getByRole('combobox', { name: 'Error' }).selectOption(code);
    await panel.getByRole('button', { name: 'End with this error' }).click();
  }
}
