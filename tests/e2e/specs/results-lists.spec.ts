import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { GeneralList, ManageTabs } from '../pages/manage';

/** The number a change cell starts with ("-37.9 Reliable decline …"), or null for a patient not compared. */
function leadingNumber(text: string): number | null {
  const match = /^\s*([-−+]?\d+(?:\.\d+)?)/.exec(text);
  return match?.[1] ? Number(match[1].replace('−', '-')) : null;
}

async function openRosa(page: Page): Promise<void> {
  const patients = new GeneralList(page, 'Patients');
  await patients.searchNow('Alvarez');
  await patients.link(/^Rosa M\. Alvarez$/).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rosa M. Alvarez' })).toBeVisible();
}

/** The patient's orders, however they are laid out: a table on a wide screen, cards on a phone. */
function rosaOrders(page: Page): { table: Locator; cards: Locator } {
  const name = 'Assessment orders of Rosa M. Alvarez';
  return { table: page.getByRole('table', { name }), cards: page.getByRole('list', { name }) };
}

test('the Results tab shows each patient’s scores and flags, and one click lists the largest decline first', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInAs('clinician');
  await new ManageTabs(page).open('Results');
  const region = page.getByRole('region', { name: 'Results' });
  const table = region.getByRole('table', { name: /^Patients with results: last test/ });
  // Rosa's last test (Oct 26) is not valid: it says so, and lends no flag.
  const rosa = table.getByRole('row', { name: /Rosa M\. Alvarez/ });
  await expect(rosa.getByRole('cell').nth(2)).toHaveText('Not valid');
  await expect(table.getByText('Reliable decline').first()).toBeVisible();
  // A change against a baseline taken elsewhere or on another device carries a mark whose words a screen reader
  // reads with it and a keyboard or a pointer opens.
  const mark = table.getByRole('button', { name: /^\(Taken .+; baseline .+\.\)$/ }).first();
  await mark.hover();
  await expect(page.getByRole('tooltip')).toHaveText(/^Taken .+; baseline .+\.$/);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // From the keyboard: back one stop and forward again onto the mark.
  await mark.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(mark).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText(/^Taken .+; baseline .+\.$/);

  await table
    .getByRole('button', { name: 'Psychomotor function and attention: change from baseline, Not sorted' })
    .click();
  await expect(
    table.getByRole('columnheader', { name: /Psychomotor function and attention: change from baseline/ }),
  ).toHaveAttribute('aria-sort', 'ascending');
  const changes = (await table.getByRole('row').locator('td:nth-child(5)').allTextContents()).map(leadingNumber);
  const compared = changes.filter((change): change is number => change !== null);
  expect(compared.length).toBeGreaterThan(1);
  expect(changes[0]).toBe(Math.min(...compared));
  // Nobody without a change comes before someone with one.
  expect(changes.slice(0, compared.length)).toEqual(compared);
  await expect(table.getByRole('row').nth(1)).toContainText('Reliable decline');
  await expectNoSeriousA11yViolations(page);
});

test('a patient’s page opens with the latest result before the orders, linking to Results over time', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInAs('clinician');
  await openRosa(page);
  const latest = page.getByRole('region', { name: 'Latest result' });
  await expect(latest).toContainText('Not valid');
  await expect(latest).toContainText('Latest valid test');
  const latestTop = (await latest.boundingBox())?.y ?? Infinity;
  const ordersTop = (await page.getByRole('heading', { name: 'Assessment orders' }).boundingBox())?.y ?? -Infinity;
  expect(latestTop).toBeLessThan(ordersTop);

  await latest.getByRole('link', { name: 'See all results over time' }).click();
  await expect(page).toHaveURL(/#results-over-time-title$/);
  await expect(page.getByRole('heading', { name: 'Results over time' })).toBeInViewport();
});

test('on a 390 px phone the patient’s page passes axe and its orders need no sideways scroll', async ({
  page,
  loginPage,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginPage.signInAs('clinician');
  await openRosa(page);
  const orders = rosaOrders(page);
  await expect(orders.cards.getByRole('listitem').first()).toBeVisible();
  await expect(orders.table).toHaveCount(0);
  await expect(orders.cards.getByRole('button', { name: /^Follow the order of .*: Finished$/ }).first()).toBeVisible();
  // Nothing in the orders section scrolls sideways, and the page itself is no wider than the phone.
  const sideways = await page.locator('#assessment-orders').evaluate(
    (section) =>
      [section, ...section.querySelectorAll('*')].filter((element) => {
        const overflow = getComputedStyle(element).overflowX;
        return (overflow === 'auto' || overflow === 'scroll') && element.scrollWidth > element.clientWidth + 1;
      }).length,
  );
  expect(sideways).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The whole page, Results over time included (its table scrolls in a region the keyboard reaches).
  await expect(page.getByRole('region', { name: /Composite scores per test date/ })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
});

for (const width of [768, 820]) {
  test(`at ${String(width)} px the orders table has one status column and no status badge is cut short`, async ({
    page,
    loginPage,
  }) => {
    await page.setViewportSize({ width, height: 1024 });
    await loginPage.signInAs('clinician');
    // The home's Needs attention: its progress badges ("In progress" was "In prog…") wrap instead.
    const attention = page.getByRole('region', { name: 'Needs attention' });
    await expect(attention.getByRole('button', { name: /^Follow the order of / }).first()).toBeVisible();
    expect(await cutBadges(attention.locator('[data-status-badge]'))).toEqual([]);
    await openRosa(page);
    const { table } = rosaOrders(page);
    await expect(table.getByRole('button', { name: /^Follow the order of .*: Finished$/ }).first()).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /^(Status|Progress)\b/ })).toHaveCount(1);
    expect(await cutBadges(table.locator('[data-status-badge]'))).toEqual([]);
  });
}

/** The words of the badges whose text is cut short (an ellipsis, or a line hidden); there must be some badges. */
async function cutBadges(badges: Locator): Promise<(string | null)[]> {
  expect(await badges.count()).toBeGreaterThan(0);
  return badges.evaluateAll((elements) =>
    elements
      .map((badge) => badge.querySelector('.mantine-Badge-label') ?? badge)
      .filter((label) => label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1)
      .map((label) => label.textContent),
  );
}

test('on a 390 px phone the Results tab shows cards, sorts by change from baseline, and passes axe', async ({
  page,
  loginPage,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginPage.signInAs('clinician');
  await new ManageTabs(page).open('Results');
  const cards = page.getByRole('list', { name: /^Patients with results: last test/ });
  await expect(cards.getByText('Reliable decline').first()).toBeVisible();
  await page
    .getByRole('combobox', { name: 'Sort by' })
    .selectOption({ label: 'Psychomotor function and attention: change from baseline' });
  await expect(cards.getByRole('listitem').first()).toContainText('Reliable decline');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
});
