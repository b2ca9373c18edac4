import type { Page, Response } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { detailsOf, patientWithHomeOrder } from '../fixtures/test-orders';
import { uniqueName } from '../pages/manage';
import { PatientLogin, patientNoticeTitle } from '../pages/test-taking';

/** recharts marks its drawings with this class name; no other library of the client has it. */
const chartCode = /recharts-wrapper/;
/** Mantine names each component in its code: the dialog's name is only in the file that holds Modal. */
const dialogCode = /@mantine\/core\/Modal[`'"]/;

/**
 * The scripts the page has downloaded so far whose code contains `marker`. A body is read only when asked, while
 * the page is open: a script that arrives after the last question is never read, so closing the page cannot fail
 * a read still under way.
 */
function scriptsRecorder(page: Page): (marker: RegExp) => Promise<string[]> {
  const scripts: { path: string; response: Response }[] = [];
  page.on('response', (response) => {
    // Module preloads are not of the 'script' type: the file's name says what it is.
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) scripts.push({ path, response });
  });
  return async (marker) => {
    const found: string[] = [];
    for (const script of scripts) if (marker.test(await script.response.text())) found.push(script.path);
    return found;
  };
}

/**
 * Issue 14: a patient's phone downloads what the link page shows, not the staff pages' chart library nor the code
 * of a dialog the patient may never open.
 */
test('the patient link page loads no chart code, and a dialog’s code only when the patient opens one', async ({
  browser,
  request,
}) => {
  const { link, patient } = await patientWithHomeOrder(request, uniqueName('Downloads'));
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  const scriptsWith = scriptsRecorder(page);
  const login = new PatientLogin(page);
  await login.open(link);
  const notice = page.getByRole('region', { name: patientNoticeTitle });
  await expect(notice.getByRole('heading', { name: patientNoticeTitle })).toBeVisible();
  expect(await scriptsWith(chartCode)).toEqual([]);
  expect(await scriptsWith(dialogCode)).toEqual([]);

  // The one dialog left on the page (issue 32: the notice flows in it) is the details check's.
  await login.confirm({ ...detailsOf(patient), lastName: 'Someone-Else' });
  const dialog = login.mismatchDialog();
  await expect(dialog).toBeVisible();
  expect(await scriptsWith(dialogCode)).toHaveLength(1);
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your details' })).toBeFocused();
  expect(await scriptsWith(chartCode)).toEqual([]);
  await phone.close();
});
