// Issue 32: every page a patient meets, not the link page alone, keeps the rules for an older reader on a small
// phone: text of 16 px or more, fields 48 px tall, targets of 44 × 44 px, nothing fixed, no sideways scroll, the
// primary action across the phone, and no serious axe finding.
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { layoutFindings } from '../fixtures/patient-layout';
import { detailsOf, patientWithHomeOrder, patientWithSiteOrder } from '../fixtures/test-orders';
import { uniqueName } from '../pages/manage';
import { beginTheTest, handToPatient, PatientLogin } from '../pages/test-taking';

async function expectPatientLayout(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  expect(await layoutFindings(page)).toEqual([]);
  await expectNoSeriousA11yViolations(page);
}

for (const viewport of [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
]) {
  test.describe(`on a ${String(viewport.width)}×${String(viewport.height)} phone`, () => {
    test.use({ viewport, hasTouch: true, isMobile: true });

    test('every page from the link to "finished" is large, in one column, with nothing fixed', async ({
      page,
      request,
    }) => {
      const { patient, link } = await patientWithHomeOrder(request, uniqueName('Pages'));
      await new PatientLogin(page).signIn(link, detailsOf(patient));

      // Before Begin: what to expect, the test's language, Begin across the phone.
      await expectPatientLayout(page, 'Your assessment');
      const begin = await page.getByRole('button', { name: 'Begin' }).boundingBox();
      expect(begin?.width ?? 0).toBeGreaterThan(viewport.width - 40);

      // Back from the runner without finishing: what happened, and how to start again.
      await beginTheTest(page);
      await page.getByRole('link', { name: 'Leave without finishing' }).click();
      await expect(page.getByText('You left the test before the end')).toBeVisible();
      await expectPatientLayout(page, 'Your assessment');

      // "I cannot do this test", its form and its answer, then the end.
      await page.getByRole('button', { name: 'I cannot do this test' }).click();
      await expectPatientLayout(page, 'Tell your clinic you cannot do this test');
      const form = page.getByRole('form', { name: 'Why you cannot do this test' });
      await form.getByRole('radio', { name: 'I cannot answer within a few seconds' }).check();
      await form.getByRole('button', { name: 'Tell my clinic' }).click();
      await expectPatientLayout(page, 'Your clinic has been told');
      await page.getByRole('button', { name: 'Finish' }).click();
      await expectPatientLayout(page, 'You have finished');
    });
  });
}

test.describe('on a clinic tablet handed to the patient', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true });

  test('the test page is large, with nothing fixed', async ({ page, request, loginPage }) => {
    const { orderPage } = await patientWithSiteOrder(request, { firstName: 'Tabby', lastName: uniqueName('Tablet') });
    await loginPage.signInAs('technician');
    await page.goto(orderPage);
    await handToPatient(page);
    await expectPatientLayout(page, 'Your memory test');
  });
});
