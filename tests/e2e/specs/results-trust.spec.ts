import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import type { LoginPage } from '../pages/login-page';
import { GeneralList } from '../pages/manage';

/**
 * Issue 33, results a clinician can trust at a glance, on the demo's scripted patient (DESIGN §5): Rosa Alvarez has a
 * baseline and a comparable follow-up in the clinic on a tablet, a reliable decline at home on a phone, and a latest
 * test that is not valid.
 */
const caveat = 'Taken at home on a phone; baseline in the clinic on a tablet.';

async function openRosasResults(page: Page, loginPage: LoginPage): Promise<Locator> {
  await loginPage.signInAs('clinician');
  const patients = new GeneralList(page, 'Patients');
  await patients.searchNow('Alvarez');
  await patients.link(/^Rosa M\. Alvarez$/).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rosa M. Alvarez' })).toBeVisible();
  return page.getByRole('region', { name: 'Results over time' });
}

/** Every text and point drawn on the chart whose box is not inside the chart's own box, with where it is. */
async function outsideTheChart(chart: Locator): Promise<{ drawn: number; outside: string[] }> {
  return chart.evaluate((element) => {
    const frame = element.getBoundingClientRect();
    const drawn = [...element.querySelectorAll('svg text, svg circle, svg .recharts-dot')].filter((node) => {
      const box = node.getBoundingClientRect();
      return box.width > 0 || box.height > 0;
    });
    const outside = drawn.flatMap((node) => {
      const box = node.getBoundingClientRect();
      const inside =
        box.left >= frame.left - 0.5 &&
        box.right <= frame.right + 0.5 &&
        box.top >= frame.top - 0.5 &&
        box.bottom <= frame.bottom + 0.5;
      return inside ? [] : [`${node.tagName} "${node.textContent}" at ${JSON.stringify(box)}`];
    });
    // The chart itself stays inside the window: nothing of it lies beyond a phone's edge.
    if (frame.left < 0 || frame.right > window.innerWidth) outside.push(`chart at ${JSON.stringify(frame)}`);
    return { drawn: drawn.length, outside };
  });
}

test('Rosa Alvarez’s invalid test carries no flag; her home phone test’s flag carries its caveat, in the table and the chart', async ({
  page,
  loginPage,
}) => {
  const section = await openRosasResults(page, loginPage);
  const table = section.getByRole('table', { name: /Composite scores per test date/ });
  const rows = table.getByRole('row');

  // Her latest test is not valid: it says why, and nothing compares it with the baseline.
  const invalid = rows.filter({ hasText: 'Not valid' });
  await expect(invalid).toHaveCount(1);
  await expect(invalid).toContainText('One back: too many wrong answers to count.');
  await expect(invalid).not.toContainText('Reliable');
  await expect(invalid).not.toContainText('baseline in the clinic');

  // The home test on a phone: a reliable decline with the setting and device caveat right beside it.
  const atHome = rows.filter({ hasText: 'Reliable decline' });
  await expect(atHome).toHaveCount(1);
  const psychomotor = atHome.getByRole('cell').first();
  await expect(psychomotor).toContainText('Reliable decline');
  await expect(psychomotor).toContainText(caveat);
  await expect(rows.filter({ has: page.getByText('Baseline', { exact: true }) })).toContainText(
    'Taken in the clinic on a tablet.',
  );

  // The chart says the same in its accessible text.
  const chart = section.getByRole('img', { name: /Chart of the composite scores over time/ });
  await expect(chart).toHaveAccessibleDescription(
    new RegExp(
      `Psychomotor function and attention: Reliable decline \\([−-]\\d+\\.\\d\\)\\. ${caveat.replace('.', '\\.')}`,
    ),
  );
  await expect(chart).toHaveAccessibleDescription(/not valid, so not compared with the baseline\. One back: too many/);
  await expectNoSeriousA11yViolations(page);
});

test('the chart’s dates are time-proportional and nothing on it lies outside it, at 1366 px and at 320 px', async ({
  page,
  loginPage,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const section = await openRosasResults(page, loginPage);
  const chart = section.getByRole('img', { name: /Chart of the composite scores over time/ });
  const psychomotorDots = chart.locator('circle.recharts-line-dot[name="psychomotorAttention"]');
  // Her three valid tests: 180 days, then 270 days apart (demo data), so the second gap is half as wide again.
  await expect(psychomotorDots).toHaveCount(3);
  const xs = await psychomotorDots.evaluateAll((dots) => dots.map((dot) => Number(dot.getAttribute('cx'))));
  const [first = 0, second = 0, third = 0] = xs;
  expect((third - second) / (second - first)).toBeCloseTo(1.5, 1);

  for (const width of [1366, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(async () => (await outsideTheChart(chart)).outside, { message: `at ${String(width)} px` })
      .toEqual([]);
    // Not vacuous: the ticks, the points and the rings are all measured.
    expect((await outsideTheChart(chart)).drawn).toBeGreaterThan(10);
  }
  await expectNoSeriousA11yViolations(page);
});

test('“How is this calculated?” opens in one click and states the method and its 90 % confidence', async ({
  page,
  loginPage,
}) => {
  const section = await openRosasResults(page, loginPage);
  const button = section.getByRole('button', { name: 'How is this calculated?' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'How is this calculated?' });
  await expect(dialog).toContainText('reliable-change index of Jacobson and Truax');
  await expect(dialog).toContainText('Confidence level: 90%');
  await expect(dialog.getByRole('table', { name: /Smallest change from the baseline/ })).toContainText('15.6 points');
  await expect(dialog).toContainText('These are reference values, not clinical norms');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});
