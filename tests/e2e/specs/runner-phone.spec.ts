import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { runnerAddressForNewTest } from '../fixtures/test-orders';
import { uniqueName } from '../pages/manage';
import { devPanelParameter, runnerWords } from '../pages/test-taking';

type Language = keyof typeof runnerWords;
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The phones the runner was measured on (issue 32), a phone on its side, and a 390 px phone at 200 % zoom (195 CSS
 * px wide), each held by a patient in one of the test's languages: the longest words on the narrowest screens.
 */
const screens: { name: string; width: number; height: number; language: Language }[] = [
  { name: '320x568', width: 320, height: 568, language: 'fr-FR' },
  { name: '375x667', width: 375, height: 667, language: 'es-US' },
  { name: '390x844', width: 390, height: 844, language: 'en-US' },
  { name: '844x390 (on its side)', width: 844, height: 390, language: 'en-US' },
  { name: '195x422 (390 px at 200 % zoom)', width: 195, height: 422, language: 'es-US' },
];

/** A touch phone of that size, in a context of its own. */
async function phone(browser: Browser, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: true, isMobile: true });
  return context.newPage();
}

/**
 * Records, in the page, what its live region says (as a screen reader would hear it, however briefly) and where the
 * card and the two answer buttons are each time practice feedback appears.
 */
function watchRunner(): void {
  const seen = { said: [] as string[], atFeedback: [] as Record<string, Box | null>[] };
  Object.assign(window, { seenByTest: seen });
  let lastSaid = '';
  let lastFeedback = '';
  const box = (selector: string): Box | null => {
    const node = document.querySelector(selector);
    if (!node) return null;
    const { x, y, width, height } = node.getBoundingClientRect();
    return { x, y, width, height };
  };
  new MutationObserver(() => {
    const said = (document.getElementById('announcer')?.textContent ?? '').trim();
    if (said !== '' && said !== lastSaid) seen.said.push(said);
    lastSaid = said;
    const feedback = document.querySelector('.feedback')?.textContent ?? '';
    if (feedback !== '' && feedback !== lastFeedback) {
      seen.atFeedback.push({ no: box('.answer.secondary'), yes: box('.answer:not(.secondary)'), card: box('.card') });
    }
    lastFeedback = feedback;
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

async function seenByTest(page: Page): Promise<{ said: string[]; atFeedback: Record<string, Box | null>[] }> {
  return page.evaluate(
    () =>
      (window as unknown as { seenByTest: { said: string[]; atFeedback: Record<string, Box | null>[] } }).seenByTest,
  );
}

/** A test begun on site through the API, and the runner's address for it (as the begin page builds it). */
function runnerAddress(
  request: APIRequestContext,
  origin: string,
  language: Language,
  extra: Record<string, string> = {},
): Promise<string> {
  const name = { firstName: 'Edith', lastName: uniqueName('Phone') };
  return runnerAddressForNewTest(request, origin, name, language, extra);
}

/** The box of `locator` on screen, which must lie entirely inside the viewport. */
async function boxInViewport(page: Page, locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, `${what} is drawn`).not.toBeNull();
  expect(viewport).not.toBeNull();
  const { x, y, width, height } = box ?? { x: 0, y: 0, width: 0, height: 0 };
  const { width: viewWidth, height: viewHeight } = viewport ?? { width: 0, height: 0 };
  expect(x, `${what} starts inside the screen`).toBeGreaterThanOrEqual(0);
  expect(y, `${what} starts inside the screen`).toBeGreaterThanOrEqual(0);
  expect(x + width, `${what} ends inside the screen`).toBeLessThanOrEqual(viewWidth + 0.5);
  expect(y + height, `${what} ends inside the screen`).toBeLessThanOrEqual(viewHeight + 0.5);
  return { x, y, width, height };
}

/** Text of at least 16 px, targets of at least 44x44 px, no sideways scrolling, on what the screen shows now. */
async function expectReadableAndTappable(page: Page, where: string): Promise<void> {
  const found = await page.evaluate(() => {
    const visible = (node: Element) => {
      const rect = node.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && getComputedStyle(node).visibility !== 'hidden';
    };
    const small: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const parent = text.parentElement;
      if (!parent || (text.textContent ?? '').trim() === '' || !visible(parent)) continue;
      if (parent.closest('script, noscript, .visually-hidden, [hidden]')) continue;
      // A card's face is a picture, larger than text anyway.
      if (parent.closest('.card, .example-card')) continue;
      const size = parseFloat(getComputedStyle(parent).fontSize);
      if (size < 16) small.push(`${(text.textContent ?? '').trim().slice(0, 30)} (${String(size)} px)`);
    }
    const tiny = [...document.querySelectorAll('button, a[href], select')]
      .filter(visible)
      .filter((node) => {
        const rect = node.getBoundingClientRect();
        return rect.width < 44 || rect.height < 44;
      })
      .map((node) => node.textContent.trim());
    const root = document.documentElement;
    return { small, tiny, sideways: root.scrollWidth - root.clientWidth };
  });
  expect(found.small, `text under 16 px at ${where}`).toEqual([]);
  expect(found.tiny, `targets under 44x44 px at ${where}`).toEqual([]);
  expect(found.sideways, `sideways scrolling at ${where}`).toBeLessThanOrEqual(0);
}

for (const screen of screens) {
  test(`on a ${screen.name} touch screen in ${screen.language}, every card and both answers fit, and stay put`, async ({
    browser,
    request,
    baseURL,
  }) => {
    // The whole demo form, screen by screen and card by card.
    test.slow();
    const words = runnerWords[screen.language];
    const page = await phone(browser, screen.width, screen.height);
    await page.addInitScript(watchRunner);
    await page.goto(await runnerAddress(request, baseURL ?? '', screen.language));

    await expect(page.getByRole('heading', { name: words.intro })).toBeVisible();
    // No developer's panel for a patient: only a demo server asked for it explicitly shows one.
    await expect(page.locator('#error-panel')).toHaveCount(0);
    // The answers are timed, and the person is told so before anything starts.
    await expect(page.getByText(words.timed)).toBeVisible();
    await expectReadableAndTappable(page, 'the introduction');
    await expectNoSeriousA11yViolations(page);
    const startFirst = page.getByRole('button', { name: words.startFirst });
    // On a phone held upright the buttons are full width (but for the page's margins).
    if (screen.width < 480) {
      expect((await startFirst.boundingBox())?.width ?? 0).toBeGreaterThan(screen.width - 90);
    }
    await startFirst.click();

    const yes = page.getByRole('button', { name: words.yes, exact: true });
    const no = page.getByRole('button', { name: words.no, exact: true });
    const card = page.locator('.card-slot .card');
    let buttons: { yes: Box; no: Box } | null = null;

    /** Answers every card of a run with Yes, checking where the card and the buttons are on each. */
    async function playRun(prefix: string, task: number, cardPlace: { box: Box | null }): Promise<void> {
      const first = page.getByText(new RegExp(`^${prefix} 1 ${words.of} \\d+$`));
      await expect(first).toBeVisible();
      const count = Number(/(\d+)$/.exec((await first.textContent()) ?? '')?.[1]);
      for (let n = 1; n <= count; n += 1) {
        await expect(
          page.getByText(`${prefix} ${String(n)} ${words.of} ${String(count)}`, { exact: true }),
        ).toBeVisible();
        await expect(page.getByRole('img', { name: words.faceUp })).toBeVisible();
        const where = `part ${String(task)}, ${prefix} ${String(n)}`;
        const now = {
          yes: await boxInViewport(page, yes, `Yes at ${where}`),
          no: await boxInViewport(page, no, `No at ${where}`),
        };
        const cardBox = await boxInViewport(page, card, `the card at ${where}`);
        // Big enough for an unsteady finger: 64 px high, and 120 px wide wherever the screen has room for two.
        for (const button of [now.yes, now.no]) {
          expect(button.height).toBeGreaterThanOrEqual(64);
          if (screen.width >= 320) expect(button.width).toBeGreaterThanOrEqual(120);
          else expect(button.width).toBeGreaterThanOrEqual(44);
        }
        buttons ??= now;
        expect(now, `the buttons have not moved at ${where}`).toEqual(buttons);
        cardPlace.box ??= cardBox;
        expect(cardBox, `the card has not moved at ${where}`).toEqual(cardPlace.box);
        await yes.tap();
      }
    }

    for (let task = 1; task <= 4; task += 1) {
      const title = page.getByRole('heading', { name: new RegExp(`^${words.task} ${String(task)} ${words.of} 4`) });
      await expect(title).toBeVisible();
      // The new step's heading has the focus; the progress through the whole test is shown and said.
      await expect(title).toBeFocused();
      await expect(page.getByRole('progressbar')).toHaveAttribute(
        'aria-valuetext',
        `${words.task} ${String(task)} ${words.of} 4`,
      );
      if (task === 1) {
        // A touch screen is offered the whole screen; the example, stepped by the person, shows the right answer.
        await expect(page.getByRole('button', { name: /^(Full screen|Pantalla completa|Plein écran)$/ })).toBeVisible();
        await expectReadableAndTappable(page, `part ${String(task)}'s instructions`);
        await expectNoSeriousA11yViolations(page);
      }
      await page.getByRole('button', { name: words.practiceFirst }).click();
      const cardPlace: { box: Box | null } = { box: null };
      await playRun(words.practiceCard, task, cardPlace);
      await page.getByRole('button', { name: words.startTask }).click();
      await playRun(words.card, task, cardPlace);
    }
    await expect(page.getByRole('heading', { name: words.allDone })).toBeVisible();

    const seen = await seenByTest(page);
    // The live region said each part, the progress and the practice feedback: never a card's face.
    for (let task = 1; task <= 4; task += 1) {
      expect(seen.said.some((said) => said.startsWith(`${words.task} ${String(task)} ${words.of} 4`))).toBe(true);
    }
    expect(seen.said.filter((said) => words.feedback.includes(said))).toHaveLength(4);
    expect(seen.said.filter((said) => words.faceUp.test(said))).toEqual([]);
    // Feedback appeared in its own space: the buttons were where they always are when it did.
    expect(seen.atFeedback).toHaveLength(4);
    for (const at of seen.atFeedback) expect({ yes: at.yes, no: at.no }).toEqual(buttons);

    await page.getByRole('button', { name: words.finish }).click();
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await page.context().close();
  });
}

test('the test screen itself passes axe, on a phone, with the card face up', async ({ browser, request, baseURL }) => {
  const page = await phone(browser, 390, 844);
  await page.goto(await runnerAddress(request, baseURL ?? '', 'en-US'));
  const words = runnerWords['en-US'];
  await page.getByRole('button', { name: words.startFirst }).click();
  await page.getByRole('button', { name: words.practiceFirst }).click();
  await expect(page.getByRole('img', { name: words.faceUp })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Has the card turned face up?' })).toBeFocused();
  // The practice card waits 5 s for an answer; unanswered, the same screen says so and moves on.
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test("the developer's panel is on a demo server's runner only when its address asks for it", async ({
  browser,
  request,
  baseURL,
}) => {
  const panelName = 'End the test with an error';
  const page = await phone(browser, 375, 667);
  await page.goto(await runnerAddress(request, baseURL ?? '', 'en-US'));
  await expect(page.getByRole('heading', { name: 'Before you start' })).toBeVisible();
  await expect(page.getByRole('region', { name: panelName })).toHaveCount(0);
  await expect(page.getByText(panelName)).toHaveCount(0);

  await page.goto(await runnerAddress(request, baseURL ?? '', 'en-US', { [devPanelParameter]: '1' }));
  await expect(page.getByRole('heading', { name: 'Before you start' })).toBeVisible();
  const panel = page.getByRole('region', { name: panelName });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Error' })).toBeVisible();
  await page.context().close();
});

test('the screen is kept awake and full screen while the test runs, and both are let go at its end', async ({
  browser,
  request,
  baseURL,
}) => {
  const page = await phone(browser, 390, 844);
  // A browser that grants the lock (the server's policy may still refuse it: the other tests run without one).
  await page.addInitScript(() => {
    const log: string[] = [];
    const lock = Object.assign(new EventTarget(), {
      release: () => {
        log.push('release');
        return Promise.resolve();
      },
    });
    // What the browser does to the lock when the page is hidden.
    const dropLock = () => lock.dispatchEvent(new Event('release'));
    Object.assign(window, { wakeLog: log, dropLock });
    Object.defineProperty(navigator, 'wakeLock', {
      value: {
        request: (type: string) => {
          log.push(`request ${type}`);
          return Promise.resolve(lock);
        },
      },
    });
  });
  const wakeLog = () => page.evaluate(() => (window as unknown as { wakeLog: string[] }).wakeLog);
  const fullScreen = () => page.evaluate(() => document.fullscreenElement !== null);
  await page.goto(await runnerAddress(request, baseURL ?? '', 'en-US'));
  const words = runnerWords['en-US'];
  await page.getByRole('button', { name: 'Full screen' }).tap();
  await expect.poll(fullScreen).toBe(true);
  await expect(page.getByRole('button', { name: 'Full screen' })).toHaveCount(0);
  await page.getByRole('button', { name: words.startFirst }).click();
  await expect(page.getByRole('heading', { name: /^Part 1 of 4/ })).toBeVisible();
  await expect.poll(wakeLog).toEqual(['request screen']);
  // The page was hidden (the browser let the lock go) and shows again: the lock is asked for again.
  await page.evaluate(() => {
    (window as unknown as { dropLock: () => void }).dropLock();
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(wakeLog).toEqual(['request screen', 'request screen']);

  // Playing to the end lets the screen sleep again.
  for (let task = 1; task <= 4; task += 1) {
    await page.getByRole('button', { name: words.practiceFirst }).click();
    for (const prefix of [words.practiceCard, words.card]) {
      const first = page.getByText(new RegExp(`^${prefix} 1 of \\d+$`));
      await expect(first).toBeVisible();
      const count = Number(/(\d+)$/.exec((await first.textContent()) ?? '')?.[1]);
      for (let n = 1; n <= count; n += 1) {
        await expect(page.getByText(`${prefix} ${String(n)} of ${String(count)}`, { exact: true })).toBeVisible();
        await expect(page.getByRole('img', { name: words.faceUp })).toBeVisible();
        await page.getByRole('button', { name: words.yes, exact: true }).tap();
      }
      if (prefix === words.practiceCard) await page.getByRole('button', { name: words.startTask }).click();
    }
  }
  await expect(page.getByRole('heading', { name: words.allDone })).toBeVisible();
  await expect.poll(wakeLog).toEqual(['request screen', 'request screen', 'release']);
  await expect.poll(fullScreen).toBe(false);
  await page.context().close();
});
