import { demoAccounts, demoPassword } from '../fixtures/demo';
import type { Page } from '@playwright/test';
import { englishOnly, expectNoEnglish, shownTexts, texts } from '../fixtures/languages';
import { patientWithHomeOrder, testPatientBirthDate } from '../fixtures/test-orders';
import { uniqueName } from '../pages/manage';
import { ReferenceRunner, runnerWords } from '../pages/test-taking';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';

test('a Spanish-speaking user switches the sign-in page to Spanish: no English is left, and the choice is remembered', async ({
  page,
}) => {
  const english = englishOnly('es-US');
  await page.goto('/cgm');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Display language' }).selectOption('es-US');

  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  await expect(page.getByRole('combobox', { name: 'Idioma de la pantalla' })).toHaveValue('es-US');
  await expectNoEnglish(page, english);
  await expectNoSeriousA11yViolations(page);

  // A wrong password: the refusal is Spanish too.
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(demoAccounts.clinician.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('Not-The-Passw0rd!');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toContainText('El correo electrónico o la contraseña no son correctos.');
  await expectNoEnglish(page, english);

  await page.getByRole('button', { name: '¿Olvidó su contraseña?' }).click();
  await expect(page.getByRole('heading', { name: 'Restablecer su contraseña' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Ingrese un correo electrónico válido')).toBeVisible();
  await expectNoEnglish(page, english);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
});

test('a clinician switches to French: the patient list, a dialog and its validation messages are French, dates have French month names', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInAs('clinician');
  await page.getByRole('combobox', { name: 'Display language' }).selectOption('fr-FR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');

  const tabs = page.getByRole('navigation', { name: 'Gestion' });
  await expect(tabs.getByRole('link', { name: 'Demandes' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Résultats' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Rechercher dans Patients' });
  await search.fill('Alvarez');
  await search.press('Enter');
  // Rosa Alvarez was born on 17 May 1948 (demo data): French order, French month.
  await expect(page.getByText(/Né\(e\) le 17 mai 1948/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Ajouter un patient' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un patient' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('Prénom : ce champ est obligatoire')).toBeVisible();
  await expect(dialog.getByText('Veuillez indiquer le sexe')).toBeVisible();
  await expect(
    page.getByText('Le formulaire contient des erreurs. Veuillez corriger les champs signalés.'),
  ).toBeVisible();
  await expect(dialog.getByText(/^Entre le .+ et le .+$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();

  // Remembered on this device: a reload (or the next sign-in) stays French.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Gestion' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Langue d’affichage' })).toHaveValue('fr-FR');

  await page.getByRole('button', { name: /^Menu du compte de/ }).click();
  await expect(page.getByRole('menuitem', { name: /Manuel d’utilisation \(en anglais\)/ })).toBeVisible();
});

test('the page configuration decides the language until the person chooses one', async ({ page }) => {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, currentLocale: 'fr-FR' } });
  });
  await page.goto('/cgm');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await page.getByRole('combobox', { name: 'Langue d’affichage' }).selectOption('en-US');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Signing in keeps the chosen language.
  await page.getByRole('textbox', { name: 'Email' }).fill(demoAccounts.clinician.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Manage' })).toBeVisible();
});

/**
 * The test language a patient picks (the demo clinic offers tests in English and Spanish only, so the French reader
 * takes it in English) and what the reference runner, not part of this client, then says.
 */
const journeys = {
  'es-US': { testLanguage: 'es-US', intro: 'Antes de empezar', finish: 'Terminar y volver' },
  'fr-FR': { testLanguage: 'en-US', intro: 'Before you start', finish: 'Finish and return' },
} as const;

/** A date as a reader of the language writes it (day first in Spanish and French), in the browser's time zone. */
function shownDate(date: Date, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(date);
}

/** The English order of a date ('Jan 07, 2024', 'ene 07, 2024') must not appear on a Spanish or French screen. */
async function expectNoEnglishDateOrder(page: Page): Promise<void> {
  const englishOrder = /\p{L}{3,5}\.? \d{1,2}, \d{4}/u;
  expect((await shownTexts(page)).filter((text) => englishOrder.test(text))).toEqual([]);
}

for (const language of ['es-US', 'fr-FR'] as const) {
  test(`a patient reading ${language} goes from the emailed link through a wrong-details attempt to a completed test, all in their language`, async ({
    browser,
    request,
  }) => {
    // The whole test is played through its practice and test cards: more than the default time on a busy machine.
    test.slow();
    const english = englishOnly(language);
    const translated = texts(language);
    const say = (key: string, values: Record<string, string> = {}): string => {
      const text = translated.get(key);
      if (text === undefined) throw new Error(`no ${language} text for ${key}`);
      return text.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_, name: string) => values[name] ?? '');
    };
    const journey = journeys[language];
    const { testLanguage } = journey;
    const timeZone = 'America/Chicago';
    const { link, patient } = await patientWithHomeOrder(
      request,
      uniqueName(language === 'es-US' ? 'Espinosa' : 'Fournier'),
    );
    const home = await browser.newContext({ locale: language, timezoneId: timeZone });
    const page = await home.newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your details' })).toBeVisible();

    // No top bar for a patient: the language of the screens is chosen on the page itself.
    await page.getByRole('combobox', { name: 'Display language' }).selectOption(language);
    await expect(page.getByRole('heading', { level: 1, name: say('assessments.login.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // The notice is in the patient's language too (its own translation): no note that it is in English.
    const viewer = page.getByRole('region', { name: say('assessments.privacy.documentTitle') });
    await expect(viewer).toHaveAttribute('lang', language);
    await expect(page.getByText(say('common.documents.englishOnly'))).toHaveCount(0);
    await expectNoEnglish(page, english);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('textbox', { name: say('assessments.login.firstName'), exact: true }).fill(patient.firstName);
    await page.getByRole('textbox', { name: say('assessments.login.lastName'), exact: true }).fill('Otro-Autre');
    // Issue 32: the date of birth as day, month and year, in that order in both languages.
    const born = page.getByRole('group', { name: say('assessments.login.dateOfBirth') });
    const [year = '', month = '', day = ''] = testPatientBirthDate.split('-');
    await born
      .getByRole('textbox')
      .nth(0)
      .fill(String(Number(day)));
    await born
      .getByRole('textbox')
      .nth(1)
      .fill(String(Number(month)));
    await born.getByRole('textbox').nth(2).fill(year);
    await expect(born.getByRole('textbox').nth(0)).toHaveAccessibleName(say('common.dateInput.day'));
    // Continuing before the notice is accepted: the refusal is in the language too.
    await page.getByRole('button', { name: say('assessments.login.continue') }).click();
    await expect(page.getByText(say('assessments.TEXT_PATIENT_PRIVACY_NOTICE_MUST_BE_ACCEPTED'))).toBeVisible();
    await expectNoEnglish(page, english);
    // The example date reads in the language's order: day, month, year.
    await expect(born.getByText(say('common.dateInput.example', { example: '27 3 1950' }))).toBeVisible();
    await expectNoEnglishDateOrder(page);

    const box = page.getByRole('checkbox', { name: say('assessments.privacy.accept') });
    // The notice flows in the page (issue 32): scrolled until its end is on screen.
    await expect(async () => {
      await viewer.locator('p').last().scrollIntoViewIfNeeded();
      await expect(box).toBeEnabled({ timeout: 1_000 });
    }).toPass();
    await box.check();
    await expect(box).toBeChecked();

    // Wrong details: the server's explanation, with the attempts left, is in the patient's language.
    await page.getByRole('button', { name: say('assessments.login.continue') }).click();
    const mismatch = page.getByRole('dialog', { name: say('assessments.login.mismatchTitle') });
    await expect(mismatch).toContainText(say('assessments.TEXT_PATIENT_DETAILS_DO_NOT_MATCH'));
    await expect(mismatch).toContainText(
      say('assessments.TEXT_PATIENT_ATTEMPTS_LEFT_other', { count: '2', minutes: '15' }),
    );
    await expect(mismatch).not.toContainText(/attempt|details|clinic has/i);
    await expectNoEnglish(page, english);
    await expectNoSeriousA11yViolations(page);
    await mismatch.getByRole('button', { name: say('assessments.login.tryAgain') }).click();
    await expect(mismatch).toHaveCount(0);

    await page.getByRole('textbox', { name: say('assessments.login.lastName'), exact: true }).fill(patient.lastName);
    await page.getByRole('button', { name: say('assessments.login.continue') }).click();

    // The self-assessment page: the screens are in the language, and so is the test, chosen separately.
    await expect(page.getByRole('heading', { level: 1, name: say('assessments.begin.selfTitle') })).toBeVisible();
    // The order was placed today: its date in the language's order.
    await expect(page.getByText(shownDate(new Date(), language, timeZone), { exact: true })).toBeVisible();
    await expectNoEnglishDateOrder(page);
    await page.getByRole('combobox', { name: say('assessments.begin.language') }).selectOption(testLanguage);
    await expectNoEnglish(page, english);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: say('assessments.begin.begin') }).click();

    await expect(page.getByRole('heading', { name: journey.intro })).toBeVisible();
    await new ReferenceRunner(page, runnerWords[journey.testLanguage]).takeTheTest();
    await page.getByRole('button', { name: journey.finish }).click();

    await expect(page.getByRole('heading', { level: 1, name: say('assessments.completed.title') })).toBeVisible();
    await expectNoEnglish(page, english);
    await expectNoEnglishDateOrder(page);
    await expectNoSeriousA11yViolations(page);
    await home.close();
  });
}

test('a clinician reading French sees day-first dates and French typography on a patient’s profile and report', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInAs('clinician');
  await page.getByRole('combobox', { name: 'Display language' }).selectOption('fr-FR');
  const search = page.getByRole('searchbox', { name: 'Rechercher dans Patients' });
  await search.fill('Alvarez');
  await search.press('Enter');
  await page.getByRole('link', { name: /^Rosa M\. Alvarez$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rosa M. Alvarez' })).toBeVisible();

  // Rosa Alvarez was born on 17 May 1948 (demo data); her tests are listed by date, day first.
  const main = page.getByRole('main');
  await expect(main.getByText(/17 mai 1948/).first()).toBeVisible();
  const results = page.getByRole('region', { name: 'Résultats dans le temps' });
  const dates = results.getByRole('table').getByRole('rowheader');
  await expect(dates.first()).toHaveText(/^\d{1,2} [a-zéû]+\.? \d{4}$/);
  // No-break spaces before the high punctuation (read from the page's text, which keeps them).
  expect(await results.textContent()).toContain('référence\u202f; plus haut');
  expect(await main.textContent()).not.toMatch(/[a-zé]+\.? \d{2}, \d{4}/);
  await expectNoSeriousA11yViolations(page);

  await main.getByRole('link', { name: 'Voir le compte rendu' }).first().click();
  const frame = page.frameLocator('iframe[title="Compte rendu cognitif"]');
  await expect(frame.getByRole('heading', { level: 1, name: 'Compte rendu cognitif' })).toBeVisible();
  const report = frame.locator('body');
  await expect(report).toContainText(/17 mai 1948/);
  expect(await report.textContent()).toContain('clinique\u202f; ils ne constituent pas');
  expect(await report.textContent()).not.toMatch(/[a-zé]+\.? \d{2}, \d{4}|[a-z]'[a-z]/);
});
