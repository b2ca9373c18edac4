// Issue 31: a tablet handed to a patient shows the patient's test and nothing else, until staff unlock it.
import { request as playwrightRequest, type Page } from '@playwright/test';
import { demoAccounts, demoPassword } from '../fixtures/demo';
import { startOwnServer } from '../fixtures/own-server';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { patientWithSiteOrder } from '../fixtures/test-orders';
import { LoginPage } from '../pages/login-page';
import { uniqueName } from '../pages/manage';
import {
  acceptNoticeAndBegin,
  askForDevPanel,
  handToPatient,
  ReferenceRunner,
  runnerWords,
  unlockWithPassword,
} from '../pages/test-taking';

const e2ePort = Number(process.env.E2E_PORT ?? 4180);
const tablet = { viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true };

/** Nothing of the staff application is on screen: no header, tabs, staff name, Resources or staff link. */
async function expectOnlyPatientScreens(page: Page): Promise<void> {
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByText(demoAccounts.technician.name)).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Resources/ })).toHaveCount(0);
  await expect(page.locator('a[href*="/manage"], a[href$="/resources"]')).toHaveCount(0);
}

const unlockScreen = { level: 1, name: 'This tablet is being used for a test' } as const;

test('a technician hands the tablet to the patient: only the patient’s screens, the server refuses the staff token, and only the password gives it back', async ({
  browser,
  request,
}) => {
  test.slow();
  const lastName = uniqueName('Handover');
  const { patient, orderPage } = await patientWithSiteOrder(request, { firstName: 'Ines', lastName }, 'MemOnlyCBB');
  const context = await browser.newContext(tablet);
  const page = await context.newPage();
  await new LoginPage(page).signInAs('technician');

  // The patient's page offers Begin test as a button, inside the tablet's width.
  await page.goto(`/cgm/manage/patient/${String(patient.id)}`);
  const begin = page.getByRole('link', { name: /^Begin test/ }).first();
  await expect(begin).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await begin.click();
  await expect(page).toHaveURL(new RegExp(`${orderPage}$`));
  await handToPatient(page);
  await expectOnlyPatientScreens(page);
  await expectNoSeriousA11yViolations(page);

  // Back, and a typed staff address, show the unlock screen, never a staff page.
  await page.goBack();
  await expect(page.getByRole('heading', unlockScreen)).toBeVisible();
  await expectOnlyPatientScreens(page);
  await page.goto('/cgm/manage/patients');
  await expect(page.getByRole('heading', unlockScreen)).toBeVisible();
  await expectOnlyPatientScreens(page);
  await expectNoSeriousA11yViolations(page);
  // A reload keeps the lock too.
  await page.reload();
  await expect(page.getByRole('heading', unlockScreen)).toBeVisible();

  // The staff token, read off the tablet, opens nothing else: the server answers 423. (Read afresh each time: a
  // reload or the token checker replaces it.)
  const patientListAs = async () => {
    const token = await page.evaluate(() => window.sessionStorage.getItem('storetoken.cgm'));
    expect(token).toBeTruthy();
    return request.get('/api/profile/patients', { headers: { authToken: token ?? '' } });
  };
  const list = await patientListAs();
  expect(list.status()).toBe(423);
  expect(((await list.json()) as { code: string }).code).toBe('SESSION_HANDED_TO_PATIENT');

  // The patient goes back to the test, takes it in Spanish, and is thanked in Spanish.
  await page.getByRole('button', { name: 'Back to the test' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your memory test' })).toBeVisible();
  await acceptNoticeAndBegin(page, 'es-US');
  const runner = new ReferenceRunner(page, runnerWords['es-US']);
  await expect(page.getByRole('heading', { level: 1, name: 'Su prueba' })).toBeVisible();
  await runner.takeTheTest(2);
  await page.getByRole('button', { name: 'Terminar y volver' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'La prueba ha terminado' })).toBeVisible();
  await expect(page.getByText('Devuelva la tableta al miembro del personal.')).toBeVisible();
  await expectOnlyPatientScreens(page);
  await expectNoSeriousA11yViolations(page);

  // A wrong password keeps it locked; the right one gives the technician back the patient they were with.
  await unlockWithPassword(page, 'Not-the-Passw0rd!');
  await expect(page.getByText('That password is not right. The tablet stays locked.')).toBeVisible();
  expect((await patientListAs()).status()).toBe(423);
  await page.getByLabel('Your password').fill(demoPassword);
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/cgm/manage/patient/${String(patient.id)}$`));
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByText(patient.name).first()).toBeVisible();
  expect((await patientListAs()).status()).toBe(200);
  await context.close();
});

test('a tablet left unattended after the test signs its staff member out and shows the sign-in page', async ({
  browser,
}, testInfo) => {
  test.slow();
  // A server of the test's own, whose unattended tablets end after 3 seconds instead of 5 minutes.
  const server = await startOwnServer(e2ePort + 40 + testInfo.parallelIndex, { HANDOVER_IDLE_MINUTES: '0.05' });
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  try {
    const { orderPage } = await patientWithSiteOrder(api, { firstName: 'Idle', lastName: uniqueName('Tablet') });
    const context = await browser.newContext({ ...tablet, baseURL: server.url });
    const page = await context.newPage();
    await new LoginPage(page).signInAs('technician');
    await page.goto(orderPage);
    await handToPatient(page);
    await askForDevPanel(page);
    await acceptNoticeAndBegin(page);
    await new ReferenceRunner(page).waitUntilReady();
    await new ReferenceRunner(page).endWithError('workflowerror');
    await expect(page.getByRole('heading', { level: 1, name: 'The test is over' })).toBeVisible();

    // Offline, unlocking says it needs the network; the closing screen stays.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Staff: unlock' }).click();
    await expect(page.getByRole('button', { name: 'Unlock', exact: true })).toBeDisabled();
    await context.setOffline(false);

    // Nobody comes back: the session ends as at logout and the sign-in page shows, with nothing of the session left.
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => window.sessionStorage.getItem('storetoken.cgm'))).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem('patientmode.cgm'))).toBeNull();
    await context.close();
  } finally {
    await api.dispose();
    await server.stop();
  }
});
