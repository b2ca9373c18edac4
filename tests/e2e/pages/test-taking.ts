import { expect, type Locator, type Page } from '@playwright/test';

export const patientNoticeTitle = 'Privacy notice for patients';
export const patientNoticeBox = 'I have read and accept the privacy notice for patients';

/**
 * Reads the patient privacy notice (HTML) to its end until its box is enabled: on the link page, where it flows in
 * the page (issue 32), by scrolling its last lines into view as a finger would; in a box of its own (the on-site
 * page), as a keyboard user would (focus it, press End). Text still being laid out (a web font, a resize) can grow
 * after the first try, as it would under a reader's finger.
 */
export async function readPatientNotice(page: Page): Promise<void> {
  const viewer = page.getByRole('region', { name: patientNoticeTitle });
  const box = page.getByRole('checkbox', { name: patientNoticeBox });
  await expect(viewer.getByRole('heading').first()).toBeVisible();
  await expect(async () => {
    if ((await viewer.getAttribute('tabindex')) === null) {
      await viewer.locator('p, li').last().scrollIntoViewIfNeeded();
    } else {
      await viewer.focus();
      await page.keyboard.press('End');
    }
    await expect(box).toBeEnabled({ timeout: 1_000 });
  }).toPass();
}

/** What the link's page asks a patient: their names and their date of birth (yyyy-mm-dd). */
export interface PatientDetails {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

/** Spec §2 /{product}/patientlogin: the patient confirms their details and accepts the privacy notice. */
export class PatientLogin {
  constructor(private readonly page: Page) {}

  /** The page's heading once the page itself is there: the start screen painted from the HTML shows the same words. */
  heading(): Locator {
    return this.page.getByRole('main').getByRole('heading', { level: 1, name: 'Confirm your details' });
  }

  async open(link: string): Promise<void> {
    await this.page.goto(link);
    await expect(this.heading()).toBeVisible();
  }

  /** The date of birth (yyyy-mm-dd) goes into its day, month and year fields (issue 32), as typed: no leading zeros. */
  async fillDetails(details: PatientDetails): Promise<void> {
    await this.page.getByRole('textbox', { name: 'First name' }).fill(details.firstName);
    await this.page.getByRole('textbox', { name: 'Last name' }).fill(details.lastName);
    const [year = '', month = '', day = ''] = details.dateOfBirth.split('-');
    const born = this.dateOfBirth();
    await born.getByRole('textbox', { name: 'Month' }).fill(String(Number(month)));
    await born.getByRole('textbox', { name: 'Day' }).fill(String(Number(day)));
    await born.getByRole('textbox', { name: 'Year' }).fill(year);
  }

  /** The date of birth's day, month and year, as one group. */
  dateOfBirth(): Locator {
    return this.page.getByRole('group', { name: 'Date of birth' });
  }

  acceptBox(): Locator {
    return this.page.getByRole('checkbox', { name: patientNoticeBox });
  }

  /**
   * Reads the notice to its end, then ticks the box (the server time is fetched). The box may be enabled already:
   * the notice flows in the page (issue 32), and filling the fields above it may have scrolled its end on screen.
   */
  async acceptNotice(): Promise<void> {
    await readPatientNotice(this.page);
    await this.acceptBox().check();
    await expect(this.acceptBox()).toBeChecked();
  }

  async continue(): Promise<void> {
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }

  /** What the patient does on the link's page: types the details, reads the notice and accepts it, then Continue. */
  async confirm(details: PatientDetails): Promise<void> {
    await this.fillDetails(details);
    await this.acceptNotice();
    await this.continue();
  }

  /**
   * From the link to the patient's own assessment page (language of the test, Begin): the link opened, the details
   * confirmed and the notice accepted, until that page shows.
   */
  async signIn(link: string, details: PatientDetails): Promise<void> {
    await this.open(link);
    await this.confirm(details);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Your assessment' })).toBeVisible();
  }

  mismatchDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Details check unsuccessful' });
  }
}

/** The runner's words the tests find it by, in the language of the test. */
export const runnerWords = {
  'en-US': {
    startFirst: 'Start the first part',
    task: 'Part',
    of: 'of',
    practiceFirst: 'Practice first',
    practiceCard: 'Practice card',
    card: 'Card',
    startTask: 'Start this part',
    yes: 'Yes',
    no: 'No',
    timed: 'each card waits up to 5 seconds',
    allDone: 'All parts are done',
    faceUp: / of (hearts|diamonds|clubs|spades)$/,
    intro: 'Before you start',
    finish: 'Finish and return',
    feedback: [
      'Correct.',
      'Not quite: look at the question again.',
      'Too early: wait for the card.',
      'Too slow: answer as soon as you can.',
    ],
  },
  'es-US': {
    startFirst: 'Comenzar la primera parte',
    task: 'Parte',
    of: 'de',
    practiceFirst: 'Practicar primero',
    practiceCard: 'Carta de práctica',
    card: 'Carta',
    startTask: 'Comenzar esta parte',
    yes: 'Sí',
    no: 'No',
    timed: 'cada carta espera su respuesta hasta 5 segundos',
    allDone: 'Todas las partes han terminado',
    faceUp: / de (corazones|diamantes|tréboles|picas)$/,
    intro: 'Antes de empezar',
    finish: 'Terminar y volver',
    feedback: [
      'Correcto.',
      'No exactamente: vuelva a leer la pregunta.',
      'Demasiado pronto: espere a la carta.',
      'Demasiado lento: responda en cuanto pueda.',
    ],
  },
  'fr-FR': {
    startFirst: 'Commencer la première partie',
    task: 'Partie',
    of: 'sur',
    practiceFirst: 'S’entraîner d’abord',
    practiceCard: 'Carte d’entraînement',
    card: 'Carte',
    startTask: 'Commencer cette partie',
    yes: 'Oui',
    no: 'Non',
    timed: 'chaque carte attend votre réponse jusqu’à 5 secondes',
    allDone: 'Toutes les parties sont terminées',
    faceUp: / de (cœur|carreau|trèfle|pique)$/,
    intro: 'Avant de commencer',
    finish: 'Terminer et revenir',
    feedback: [
      'Exact.',
      'Pas tout à fait\u00a0: relisez la question.',
      'Trop tôt\u00a0: attendez la carte.',
      'Trop lent\u00a0: répondez dès que possible.',
    ],
  },
};

/**
 * Issue 31: on the in-clinic begin page, staff hand the tablet to the patient, whose own screen then opens (the
 * notice, the language and Begin).
 */
export async function handToPatient(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Hand to the patient' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your memory test' })).toBeVisible();
}

/**
 * On the handed-over tablet's screen (issue 31), the patient reads the notice to its end, ticks its box, picks the
 * test's language when it is not the one offered first, and presses Begin.
 */
export async function acceptNoticeAndBegin(page: Page, language?: string): Promise<void> {
  await readPatientNotice(page);
  await page.getByRole('checkbox', { name: patientNoticeBox }).check();
  if (language !== undefined) {
    await page.getByRole('combobox', { name: 'Language of the test' }).selectOption(language);
  }
  await page.getByRole('button', { name: 'Begin' }).click();
}

/** After an in-clinic test, the staff member whose tablet it is takes it back with their password. */
export async function unlockWithPassword(
  page: Page,
  password: string,
  words = { unlock: 'Staff: unlock', password: 'Your password', action: 'Unlock' },
): Promise<void> {
  await page.getByRole('button', { name: words.unlock }).click();
  await page.getByLabel(words.password).fill(password);
  await page.getByRole('button', { name: words.action, exact: true }).click();
}

/** The runner address's own parameter that asks a demo server for its end-with-an-error panel (README). */
export const devPanelParameter = 'devPanel';

/**
 * Asks for the demo's end-with-an-error panel, which no runner shows by default: the begin page builds the runner's
 * address (and the runner takes it out of the address bar at once), so the parameter is added to the request that
 * opens the runner. Call it before Begin.
 */
export async function askForDevPanel(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/runner/' && url.searchParams.has('authToken'),
    async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set(devPanelParameter, '1');
      await route.continue({ url: url.href });
    },
  );
}

/** The reference workflow runner served by the demo server (spec §4, DESIGN §4), playing its short demo form. */
export class ReferenceRunner {
  constructor(
    private readonly page: Page,
    private readonly words: (typeof runnerWords)['en-US'] = runnerWords['en-US'],
  ) {}

  /** The begin page hands over after a short pause; the runner then prepares the test. */
  async waitUntilReady(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Your test' })).toBeVisible();
    await expect(this.page.getByRole('heading', { name: 'Before you start' })).toBeVisible();
  }

  /** The card once it has turned face up ('Queen of hearts'), not the face-down one. */
  faceUpCard(): Locator {
    return this.page.getByRole('img', { name: this.words.faceUp });
  }

  /** How many cards a run deals, read from its first counter ('Card 1 of 4'). */
  async cardCount(prefix: string): Promise<number> {
    const first = this.page.getByText(new RegExp(`^${prefix} 1 ${this.words.of} \\d+$`));
    await expect(first).toBeVisible();
    const match = / (\d+)$/.exec((await first.textContent()) ?? '');
    return Number(match?.[1]);
  }

  /** Waits for card n to turn face up, then `answer`s it. */
  async onEachCard(prefix: string, answer: (card: number) => Promise<void>): Promise<void> {
    const count = await this.cardCount(prefix);
    for (let card = 1; card <= count; card += 1) {
      const counter = `${prefix} ${String(card)} ${this.words.of} ${String(count)}`;
      await expect(this.page.getByText(counter, { exact: true })).toBeVisible();
      await expect(this.faceUpCard()).toBeVisible();
      await answer(card);
    }
  }

  /** Plays every task, practice included, answering Yes on its button once each card is face up. */
  async takeTheTest(tasks = 4): Promise<void> {
    const { words } = this;
    const yes = this.page.getByRole('button', { name: words.yes, exact: true });
    await this.page.getByRole('button', { name: words.startFirst }).click();
    for (let task = 1; task <= tasks; task += 1) {
      const title = new RegExp(`^${words.task} ${String(task)} ${words.of} ${String(tasks)}`);
      await expect(this.page.getByRole('heading', { name: title })).toBeVisible();
      await this.page.getByRole('button', { name: words.practiceFirst }).click();
      await this.onEachCard(words.practiceCard, () => yes.click());
      await this.page.getByRole('button', { name: words.startTask }).click();
      await this.onEachCard(words.card, () => yes.click());
    }
    await expect(this.page.getByRole('heading', { name: words.allDone })).toBeVisible();
  }

  async finish(): Promise<void> {
    await this.page.getByRole('button', { name: 'Finish and return' }).click();
  }

  /** Ends the test through the demo's panel (opened with askForDevPanel). */
  async endWithError(code: string): Promise<void> {
    const panel = this.page.getByRole('region', { name: 'End the test with an error' });
    await panel.getByRole('combobox', { name: 'Error' }).selectOption(code);
    await panel.getByRole('button', { name: 'End with this error' }).click();
  }
}

/** Begin on the patient's assessment page: the browser goes to the runner, which prepares the test (in English). */
export async function beginTheTest(page: Page): Promise<ReferenceRunner> {
  await page.getByRole('button', { name: 'Begin' }).click();
  const runner = new ReferenceRunner(page);
  await runner.waitUntilReady();
  return runner;
}
