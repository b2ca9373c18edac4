import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { demoAccounts, demoPassword } from '../fixtures/demo';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';

const localesDir = join(import.meta.dirname, '../../../locales');

function leaves(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

function texts(language: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const file of readdirSync(join(localesDir, language))) {
    const content: unknown = JSON.parse(readFileSync(join(localesDir, language, file), 'utf8'));
    leaves(content, file.replace(/\.json$/, ''), all);
  }
  return all;
}

/**
 * The en-US texts that would betray an untranslated screen: those whose translation differs (a few words are
 * the same in both languages, such as 'PDF'). A text with {{variables}} becomes a pattern.
 */
function englishOnly(language: string): RegExp[] {
  const english = texts('en-US');
  const translated = texts(language);
  const patterns: RegExp[] = [];
  for (const [key, text] of english) {
    if (translated.get(key) === text || text.trim().length < 3) continue;
    const escaped = text
      .trim()
      .split(/\{\{[^}]+\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+');
    patterns.push(new RegExp(`^${escaped}$`));
  }
  return patterns;
}

/** Every text a person or a screen reader meets: visible lines, accessible names and hints, the title. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>(document.body.innerText.split('\n').map((line) => line.trim()));
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name);
        if (value) out.add(value.trim());
      }
    }
    out.add(document.title.split(' · ')[0] ?? '');
    return [...out].filter((text) => text !== '');
  });
}

async function expectNoEnglish(page: Page, patterns: RegExp[]): Promise<void> {
  const shown = await shownTexts(page);
  const english = shown.filter((text) => patterns.some((pattern) => pattern.test(text)));
  expect(english, 'en-US texts on a es-US screen').toEqual([]);
}

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
