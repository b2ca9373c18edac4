import { demoAccounts, demoPassword } from '../fixtures/demo';
import { englishOnly, expectNoEnglish, texts } from '../fixtures/languages';
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
  // Rosa Alvarez was born on 17 May 1948 (demo data): 'MMM dd, yyyy' with the French month.
  await expect(page.getByText(/Né\(e\) le mai 17, 1948/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Ajouter un patient' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un patient' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('Prénom : ce champ est obligatoire')).toBeVisible();
  await expect(dialog.getByText('Le sexe est obligatoire')).toBeVisible();
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

test('a Spanish-speaking patient takes the home test in Spanish from the emailed link: no English on the screens', async ({
  browser,
  request,
}) => {
  // The whole test is played through its practice and test cards: more than the default time on a busy machine.
  test.slow();
  const english = englishOnly('es-US');
  const es = texts('es-US');
  const say = (key: string): string => {
    const text = es.get(key);
    if (text === undefined) throw new Error(`no es-US text for ${key}`);
    return text;
  };
  const { link, patient } = await patientWithHomeOrder(request, uniqueName('Espinosa'));
  const home = await browser.newContext({ locale: 'es-US', timezoneId: 'America/Chicago' });
  const page = await home.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your details' })).toBeVisible();

  // No top bar for a patient: the language of the screens is chosen on the page itself.
  await page.getByRole('combobox', { name: 'Display language' }).selectOption('es-US');
  await expect(page.getByRole('heading', { level: 1, name: say('assessments.login.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  // The notice is in Spanish too (its own translation): no note that it is in English, and its own title.
  const viewer = page.getByRole('region', { name: say('assessments.privacy.documentTitle') });
  await expect(viewer.getByRole('heading', { name: 'Aviso de privacidad para pacientes' })).toBeVisible();
  await expect(viewer.getByRole('heading', { name: 'Qué información recopilamos' })).toBeVisible();
  await expect(viewer).toHaveAttribute('lang', 'es-US');
  await expect(page.getByText(say('common.documents.englishOnly'))).toHaveCount(0);
  await expectNoEnglish(page, english);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('textbox', { name: say('assessments.login.firstName') }).fill(patient.firstName);
  await page.getByRole('textbox', { name: say('assessments.login.lastName') }).fill(patient.lastName);
  await page.getByLabel(say('assessments.login.dateOfBirth')).fill(testPatientBirthDate);
  // Continuing before the notice is accepted: the refusal is Spanish too.
  await page.getByRole('button', { name: say('assessments.login.continue') }).click();
  await expect(page.getByText(say('assessments.TEXT_PATIENT_PRIVACY_NOTICE_MUST_BE_ACCEPTED'))).toBeVisible();
  await expectNoEnglish(page, english);
  // Dates read in Spanish too.
  await expect(page.getByText(/^Entre ene 01, 1000 y /)).toBeVisible();

  const box = page.getByRole('checkbox', { name: say('assessments.privacy.accept') });
  await expect(async () => {
    await viewer.focus();
    await page.keyboard.press('End');
    await expect(box).toBeEnabled({ timeout: 1_000 });
  }).toPass();
  await box.check();
  await expect(box).toBeChecked();
  await page.getByRole('button', { name: say('assessments.login.continue') }).click();

  // The self-assessment page: the screens are Spanish, and so is the test, chosen separately.
  await expect(page.getByRole('heading', { level: 1, name: say('assessments.begin.selfTitle') })).toBeVisible();
  await page.getByRole('combobox', { name: say('assessments.begin.language') }).selectOption('es-US');
  await expectNoEnglish(page, english);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: say('assessments.begin.begin') }).click();

  // The reference runner speaks the test's language (it is not part of this client).
  await expect(page.getByRole('heading', { name: 'Antes de empezar' })).toBeVisible();
  await new ReferenceRunner(page, runnerWords['es-US']).takeTheTest();
  await page.getByRole('button', { name: 'Terminar y volver' }).click();

  await expect(page.getByRole('heading', { level: 1, name: say('assessments.completed.title') })).toBeVisible();
  await expectNoEnglish(page, english);
  await expectNoSeriousA11yViolations(page);
  await home.close();
});
