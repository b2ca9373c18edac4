// Over 300 lines because the keyboard, zoom and target-size checks of every journey (issue 17, WCAG 2.2 AA) belong
// together: they share the width matrix and the focus and layout probes of pages/layout.
import type { Browser, Locator, Page } from '@playwright/test';
import { demoAccounts, demoPassword } from '../fixtures/demo';
import { expect, test } from '../fixtures/test';
import { addPatient, apiToken } from '../fixtures/patients';
import { detailsOf, patientWithHomeOrder, patientWithSiteOrder, testPatientBirthDate } from '../fixtures/test-orders';
import {
  cutOff,
  focusedName,
  focusIsVisible,
  focusIsWithin,
  footerOverlap,
  sidewaysScroll,
  smallTargets,
  targets,
} from '../pages/layout';
import { LoginPage } from '../pages/login-page';
import { uniqueName } from '../pages/manage';
import {
  beginTheTest,
  PatientLogin,
  patientNoticeBox,
  patientNoticeTitle,
  ReferenceRunner,
  runnerWords,
} from '../pages/test-taking';

/**
 * Issue 17, keyboard, zoom and touch (WCAG 2.2 AA): what axe cannot see. 320 CSS px is a 1280 px window at 400 %
 * zoom (reflow, 1.4.10); 640 px is the same window at 200 %.
 */

async function phone(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 640 },
    isMobile: width < 400,
    hasTouch: width < 400,
    locale: 'en-US',
  });
  return context.newPage();
}

/**
 * What a page must be at a phone's width (WCAG 1.4.10 reflow, 2.5.8 target size): no sideways scrolling, nothing
 * cut off at either edge, every target at least 24×24 (or spaced as the criterion allows), and the fixed footer
 * covering nothing once the page is scrolled to its end.
 */
async function expectFitsPhone(page: Page, where: string): Promise<void> {
  expect(await sidewaysScroll(page), `${where}: sideways scroll`).toBeLessThanOrEqual(0);
  expect(await cutOff(page), `${where}: cut off`).toEqual([]);
  expect(await smallTargets(targets(page)), `${where}: small targets`).toEqual([]);
  expect(await footerOverlap(page), `${where}: footer over the content`).toBeLessThanOrEqual(0);
}

async function signInAsClinician(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.signInAs('clinician');
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
}

for (const width of [320, 640]) {
  test(`at ${String(width)} CSS px the sign-in page and the patient list fit: no sideways scrolling, nothing cut off, targets of 24×24, the footer covering nothing`, async ({
    browser,
  }) => {
    const page = await phone(browser, width);
    await new LoginPage(page).open();
    await expectFitsPhone(page, 'sign-in');

    await signInAsClinician(page);
    await expect(page.getByRole('link', { name: 'Rosa M. Alvarez', exact: true })).toBeVisible();
    await expectFitsPhone(page, 'patient list');
    await page.context().close();
  });

  test(`at ${String(width)} CSS px a patient's link page fits: no sideways scrolling, nothing cut off, targets of 24×24, the footer covering nothing`, async ({
    browser,
    request,
  }) => {
    const { link, patient } = await patientWithHomeOrder(request, uniqueName('Reflow'));
    const page = await phone(browser, width);
    const login = new PatientLogin(page);
    await login.open(link);
    await login.fillDetails(detailsOf(patient));
    await expect(page.getByRole('region', { name: patientNoticeTitle }).getByRole('heading').first()).toBeVisible();
    await expectFitsPhone(page, 'patient link');
    await page.context().close();
  });
}

/**
 * A dialog opened from `opener` by keyboard keeps the focus inside, visibly, for `tabs` presses of Tab; closed by
 * its `closeWith` button and, opened again with Enter, by Escape, it gives the focus back to the opener each time.
 */
async function expectFocusKeptAndReturned(
  page: Page,
  dialog: Locator,
  opener: Locator,
  { tabs, closeWith }: { tabs: number; closeWith: string },
): Promise<void> {
  for (let step = 0; step < tabs; step += 1) {
    await page.keyboard.press('Tab');
    expect(await focusIsWithin(dialog)).toBe(true);
    expect(await focusIsVisible(page), `focus indicator on ${await focusedName(page)}`).toBe(true);
  }
  await dialog.getByRole('button', { name: closeWith }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expectFocusBackOn(page, opener, closeWith);

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocusBackOn(page, opener, 'Escape');
}

/**
 * The focus is back on the dialog's opener. Should it not be, the failure says where the focus is and what became of
 * the opener (gone from the page, disabled, another address), which a first try on CI keeps no trace of.
 */
async function expectFocusBackOn(page: Page, opener: Locator, closedWith: string): Promise<void> {
  try {
    await expect(opener).toBeFocused();
  } catch (error) {
    const focus = await page.evaluate(() => {
      const element = document.activeElement;
      return element ? `${element.tagName.toLowerCase()} "${element.textContent.trim().slice(0, 60)}"` : 'nothing';
    });
    const openers = await opener.evaluateAll((elements) =>
      elements.map(
        (element) => `connected: ${String(element.isConnected)}, disabled: ${String(element.hasAttribute('disabled'))}`,
      ),
    );
    throw new Error(
      `After ${closedWith} the focus is on ${focus}; the opener: ${openers.join('; ') || 'none'}; at ${page.url()}\n${String(error)}`,
    );
  }
}

test('on a phone the footer never covers the end of the page', async ({ browser }) => {
  const page = await phone(browser, 320);
  await signInAsClinician(page);
  await expect(page.getByRole('link', { name: 'Rosa M. Alvarez', exact: true })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(await footerOverlap(page)).toBeLessThanOrEqual(0);
  await page.context().close();
});

test('at 320 CSS px a patient goes from the details to the completed test with every page fitting the phone', async ({
  browser,
  request,
}) => {
  // The memory assessment (two tasks) is played through to reach the completed page.
  test.slow();
  const { patient, link } = await patientWithHomeOrder(request, uniqueName('Narrow'), 'MemOnlyCBB');

  const page = await phone(browser, 320);
  const login = new PatientLogin(page);
  await login.open(link);
  await expectFitsPhone(page, 'details');
  await login.fillDetails(detailsOf(patient));
  await login.acceptNotice();
  await expectFitsPhone(page, 'notice accepted');
  await login.continue();
  await expect(page.getByRole('heading', { level: 1, name: 'Your assessment' })).toBeVisible();
  await expectFitsPhone(page, 'begin');
  const runner = await beginTheTest(page);
  await runner.takeTheTest(2);
  await runner.finish();
  await expect(page.getByRole('heading', { level: 1, name: 'Test completed' })).toBeVisible();
  await expectFitsPhone(page, 'completed');
  await page.context().close();
});

for (const width of [320, 1280]) {
  test(`at ${String(width)} CSS px the first Tab shows the skip link, which takes the focus to the page, below the top bar`, async ({
    browser,
  }) => {
    const page = await phone(browser, width);
    await signInAsClinician(page);
    // From the top of a freshly opened page, as a keyboard user arrives on it.
    await page.reload();
    const title = page.getByRole('heading', { level: 1, name: 'Patients' });
    await expect(title).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    expect(await focusIsVisible(page), 'focus indicator on the skip link').toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The fixed top bar (two rows on a phone) covers none of the page's content, which starts with the service.
    const bar = await page.getByRole('banner').boundingBox();
    const first = await page.getByRole('region', { name: 'Current provider service' }).boundingBox();
    expect(bar && first && first.y >= bar.y + bar.height, 'the content starts below the top bar').toBe(true);
  });
}

test('the sign-in page is done by keyboard alone, in reading order, with the focus always visible', async ({
  page,
}) => {
  await new LoginPage(page).open();
  // The page puts the focus on its first field a moment after it shows (spec §9 autofocus delay).
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  const seen: string[] = [];
  // From the top of the page, Tab reaches the email before the password and the password before Sign in.
  // The page opens on its first field; from there Tab goes on through the page.
  for (let step = 0; step < 12 && !seen.includes('Sign in'); step += 1) {
    const name = await focusedName(page);
    expect(await focusIsVisible(page), `focus indicator on ${name}`).toBe(true);
    seen.push(name);
    if (name === 'Email') await page.keyboard.type(demoAccounts.clinician.email);
    if (name === 'Password') await page.keyboard.type(demoPassword);
    await page.keyboard.press('Tab');
  }
  const order = ['Email', 'Password', 'Sign in'].map((name) => seen.indexOf(name));
  expect(
    order.every((index) => index >= 0),
    seen.join(' → '),
  ).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  await page.getByRole('button', { name: 'Sign in' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
});

test('the details-check dialog keeps the focus inside while open; Try again gives it to the page heading (issue 32)', async ({
  page,
  request,
}) => {
  const { link, patient } = await patientWithHomeOrder(request, uniqueName('Dialog'));
  const login = new PatientLogin(page);
  await login.open(link);
  await login.confirm({ ...detailsOf(patient), lastName: 'Someone-Else' });
  const dialog = login.mismatchDialog();
  await expect(dialog).toBeVisible();
  for (let step = 0; step < 4; step += 1) {
    await page.keyboard.press('Tab');
    expect(await focusIsWithin(dialog)).toBe(true);
    expect(await focusIsVisible(page), `focus indicator on ${await focusedName(page)}`).toBe(true);
  }
  await dialog.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // Not the body: the heading of the form, which is what is shown again.
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your details' })).toBeFocused();
});

test('reading the notice to its end on the page, by keyboard, enables the acceptance', async ({ page, request }) => {
  const { link, patient } = await patientWithHomeOrder(request, uniqueName('KeyRead'));
  const login = new PatientLogin(page);
  await login.open(link);
  await login.fillDetails(detailsOf(patient));
  // Issue 32: the notice flows in the page, no second window: moving on from the last field to the link after it
  // brings the notice's end on screen.
  await expect(page.getByRole('button', { name: 'Read the notice in a larger window' })).toHaveCount(0);
  await acceptNoticeByKeyboard(page);
});

/**
 * Presses Tab until `target` has the focus, checking on the way that every control the focus lands on shows it
 * (WCAG 2.4.7). A Tab that stays inside the same control (a date field's calendar button, after its month, day and
 * year) was checked on arrival. The reference runner stands in for the external one, so its focus is not checked.
 */
async function tabTo(page: Page, target: Locator, { checkFocus = true } = {}): Promise<void> {
  let previous = await focusedName(page);
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press('Tab');
    const name = await focusedName(page);
    if (checkFocus && name !== previous) expect(await focusIsVisible(page), `focus indicator on ${name}`).toBe(true);
    previous = name;
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The reference runner's tasks, by keyboard: Tab to each button, Enter, and the right arrow (Yes) on each card. */
async function playRunnerByKeyboard(page: Page, tasks: number): Promise<void> {
  const runner = new ReferenceRunner(page);
  const words = runnerWords['en-US'];
  const press = async (name: string) => {
    await tabTo(page, page.getByRole('button', { name, exact: true }), { checkFocus: false });
    await page.keyboard.press('Enter');
  };
  await runner.waitUntilReady();
  await press(words.startFirst);
  for (let task = 1; task <= tasks; task += 1) {
    const title = new RegExp(`^${words.task} ${String(task)} ${words.of} ${String(tasks)}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await press(words.practiceFirst);
    await runner.onEachCard(words.practiceCard, () => page.keyboard.press('ArrowRight'));
    await press(words.startTask);
    await runner.onEachCard(words.card, () => page.keyboard.press('ArrowRight'));
  }
  await expect(page.getByRole('heading', { name: words.allDone })).toBeVisible();
  await press('Finish and return');
}

/**
 * Reads the notice by keyboard, then ticks its box. On the link page it flows in the page (issue 32): Tab moves on to
 * the link after it, which brings its end on screen. In a box of its own (the in-clinic page): the focus goes on it.
 * Then End until the acceptance box is enabled; Tab to it and Space ticks it.
 */
async function acceptNoticeByKeyboard(page: Page): Promise<void> {
  const notice = page.getByRole('region', { name: patientNoticeTitle });
  const box = page.getByRole('checkbox', { name: patientNoticeBox });
  const inBox = (await notice.getAttribute('tabindex')) !== null;
  await tabTo(page, inBox ? notice : page.getByRole('link', { name: 'Open the privacy notice as a PDF in a new tab' }));
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(box).toBeEnabled({ timeout: 1_000 });
  }).toPass();
  await tabTo(page, box);
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

test('a patient goes from the emailed link to a completed test by keyboard alone, the focus always visible', async ({
  page,
  request,
}) => {
  // The whole test is played through its practice and test cards.
  test.slow();
  const { link, patient } = await patientWithHomeOrder(request, uniqueName('Keyboard'));
  // A 1280 px window at 200 % zoom: no page of the journey scrolls sideways.
  await page.setViewportSize({ width: 640, height: 720 });
  await new PatientLogin(page).open(link);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await tabTo(page, page.getByRole('textbox', { name: 'First name' }));
  await page.keyboard.type(patient.firstName);
  await tabTo(page, page.getByRole('textbox', { name: 'Last name' }));
  await page.keyboard.type(patient.lastName);
  // The date of birth is its month, day and year, in the order of the language (en-US), each its own field.
  const [year = '', month = '', day = ''] = testPatientBirthDate.split('-');
  const born = page.getByRole('group', { name: 'Date of birth' });
  await tabTo(page, born.getByRole('textbox', { name: 'Month' }));
  await page.keyboard.type(String(Number(month)));
  await tabTo(page, born.getByRole('textbox', { name: 'Day' }));
  await page.keyboard.type(String(Number(day)));
  await tabTo(page, born.getByRole('textbox', { name: 'Year' }));
  await page.keyboard.type(year);
  await acceptNoticeByKeyboard(page);
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Your assessment' })).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  // The language is chosen with the arrow keys: Spanish, then back to English, the runner's words here.
  const language = page.getByRole('combobox', { name: 'Language of the test' });
  await tabTo(page, language);
  await page.keyboard.press('ArrowDown');
  await expect(language).toHaveValue('es-US');
  await page.keyboard.press('ArrowUp');
  await expect(language).toHaveValue('en-US');
  await tabTo(page, page.getByRole('button', { name: 'Begin' }));
  await page.keyboard.press('Enter');

  await playRunnerByKeyboard(page, 4);
  await expect(page.getByRole('heading', { level: 1, name: 'Test completed' })).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
});

for (const locale of ['en-US', 'es-US', 'fr-FR']) {
  test(`at 320 CSS px the patient error pages fit the phone in ${locale}: no sideways scrolling, nothing cut off, targets of 24×24, the footer covering nothing`, async ({
    browser,
  }) => {
    const page = await phone(browser, 320);
    for (const code of ['orderalreadycompleted', 'templock', 'unknownerror']) {
      await page.goto(`/cgm/patientloginerror/${code}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The language chosen on the page is kept for the next one; the first page starts in English.
      if (locale !== (await page.locator('html').getAttribute('lang'))) {
        await page.getByRole('combobox', { name: 'Display language' }).selectOption(locale);
      }
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expectFitsPhone(page, `${locale} ${code}`);
    }
    await page.context().close();
  });
}

test('a technician runs an in-clinic test by keyboard alone, from the order to the patient’s page', async ({
  page,
  loginPage,
  request,
}) => {
  test.slow();
  // The memory assessment: two tasks, enough to walk every control of the journey.
  const { orderPage } = await patientWithSiteOrder(
    request,
    { firstName: 'Keys', lastName: uniqueName('Onsite') },
    'MemOnlyCBB',
  );
  await loginPage.signInAs('technician');
  await page.goto(orderPage);
  await expect(page.getByRole('heading', { level: 1, name: 'Begin the assessment' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Hand to the patient' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your memory test' })).toBeVisible();

  await acceptNoticeByKeyboard(page);
  await tabTo(page, page.getByRole('combobox', { name: 'Language of the test' }));
  await tabTo(page, page.getByRole('button', { name: 'Begin' }));
  await page.keyboard.press('Enter');

  await playRunnerByKeyboard(page, 2);
  await expect(page.getByRole('heading', { level: 1, name: 'The test is over' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Staff: unlock' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel('Your password'));
  await page.keyboard.type(demoPassword);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cgm\/manage\/patient\/\d+$/);
});

test('the new-assessment dialog keeps the focus inside while open and gives it back to its link on Escape', async ({
  page,
  request,
}) => {
  const patient = await addPatient(request, await apiToken(request, 'clinician'), {
    firstName: 'Ines',
    lastName: uniqueName('Trap'),
    email: '',
  });
  await signInAsClinician(page);
  await page.goto(`/cgm/manage/patient/${String(patient.id)}`);
  const opener = page.getByRole('link', { name: 'Order new assessment' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New assessment' });
  await expect(dialog.getByRole('button', { name: 'Order' })).toBeVisible();
  for (let step = 0; step < 14; step += 1) {
    await page.keyboard.press('Tab');
    expect(await focusIsWithin(dialog)).toBe(true);
    expect(await focusIsVisible(page), `focus indicator on ${await focusedName(page)}`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the deactivate confirmation keeps the focus inside while open and gives it back to its button on Cancel and on Escape', async ({
  page,
  loginPage,
  request,
}) => {
  const patient = await addPatient(request, await apiToken(request, 'clinician'), {
    firstName: 'Odile',
    lastName: uniqueName('Confirm'),
    email: '',
  });
  await loginPage.signInAs('admin');
  await page.goto(`/cgm/manage/patient/${String(patient.id)}`);
  await expect(page.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
  const opener = page.getByRole('button', { name: 'Deactivate' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Deactivate ${patient.name}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expectFocusKeptAndReturned(page, dialog, opener, { tabs: 6, closeWith: 'Cancel' });
  // Neither way out changed anything.
  await expect(page.getByText('Deactivated', { exact: true })).toHaveCount(0);
});

test('at 320 CSS px the in-clinic begin page and the patient’s screen, where they read and accept the notice, fit the phone', async ({
  browser,
  request,
}) => {
  const { orderPage } = await patientWithSiteOrder(
    request,
    { firstName: 'Narrow', lastName: uniqueName('Clinic') },
    'MemOnlyCBB',
  );
  const page = await phone(browser, 320);
  await new LoginPage(page).signInAs('technician');
  await page.goto(orderPage);
  await expect(page.getByRole('heading', { level: 1, name: 'Begin the assessment' })).toBeVisible();
  await expectFitsPhone(page, 'in-clinic begin (staff)');
  await page.getByRole('button', { name: 'Hand to the patient' }).click();
  await expect(page.getByRole('region', { name: patientNoticeTitle }).getByRole('heading').first()).toBeVisible();
  await expectFitsPhone(page, 'in-clinic begin (patient)');
  await page.context().close();
});

test('at 400 % zoom (a 1280×720 window: 320×180 CSS px) the top bar and the footer scroll with the page instead of filling the window', async ({
  browser,
}) => {
  // Chrome's zoom divides the CSS viewport by the zoom and multiplies the device pixels by it: the same as this.
  const context = await browser.newContext({
    viewport: { width: 320, height: 180 },
    deviceScaleFactor: 4,
    locale: 'en-US',
  });
  const page = await context.newPage();
  await new LoginPage(page).signInAs('clinician');
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
  const bar = page.getByRole('banner');
  const footer = page.getByRole('contentinfo');
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await expect(bar).toBeInViewport();
  await expect(footer).not.toBeInViewport();
  // Scrolled down the list, the page fills the whole window: neither band stays over it.
  await page.evaluate(() => {
    window.scrollTo(0, 600);
  });
  await expect(bar).not.toBeInViewport();
  await expect(footer).not.toBeInViewport();
  await context.close();
});
