import { testRecordSchema, type Trial } from '#common/contract';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { runnerAddressForNewTest } from '../fixtures/test-orders';
import { uniqueName } from '../pages/manage';

/**
 * Records, in the page, the frame in which each face-up card entered the document and when each key went down (the
 * same clock as the runner's: the page's performance timeline), so the test knows the delay it really used before
 * each answer. The frame's time is the document timeline's while that frame runs, not the moment the observer gets
 * to run: on a loaded machine that can come tens of milliseconds into the frame.
 */
function watchCardsAndKeys(): void {
  const seen = { cards: [] as number[], keys: [] as number[] };
  Object.assign(window, { seenByTest: seen });
  window.addEventListener(
    'keydown',
    (event) => {
      if (!event.repeat) seen.keys.push(event.timeStamp);
    },
    true,
  );
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (node instanceof HTMLElement && node.classList.contains('card') && !node.classList.contains('back')) {
          const frame = document.timeline.currentTime;
          seen.cards.push(typeof frame === 'number' ? frame : performance.now());
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

test('a whole short test played by keyboard in Spanish records response times as the delays used', async ({
  page,
  request,
  baseURL,
}) => {
  // The whole test is played through its practice and test cards: more than the default time on a busy machine.
  test.slow();
  const name = { firstName: 'Teodoro', lastName: uniqueName('Timing') };
  const address = await runnerAddressForNewTest(request, baseURL ?? '', name, 'es-US');
  await page.addInitScript(watchCardsAndKeys);
  await page.goto(address);

  await expect(page.getByRole('heading', { name: 'Antes de empezar' })).toBeVisible();
  // Names, not codes: the battery and the language of the test.
  await expect(page.getByText('Prueba: Evaluación completa')).toBeVisible();
  await expect(page.getByText('Idioma: español (Estados Unidos)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Comenzar la primera parte' }).click();

  const faceUp = page.getByRole('img', { name: / de (corazones|diamantes|tréboles|picas)$/ });
  // Yes is S in Spanish (and the right arrow), No is N (and the left arrow).
  const keys = [
    { key: 's', answer: 'yes' },
    { key: 'ArrowRight', answer: 'yes' },
    { key: 'n', answer: 'no' },
    { key: 'ArrowLeft', answer: 'no' },
  ] as const;
  const delays = [180, 320, 460, 250, 390];
  const pressed: { answer: 'yes' | 'no'; delay: number }[] = [];

  async function playCards(prefix: string, practice: boolean): Promise<void> {
    const first = page.getByText(new RegExp(`^${prefix} 1 de \\d+$`));
    await expect(first).toBeVisible();
    const count = Number(/de (\d+)$/.exec((await first.textContent()) ?? '')?.[1]);
    for (let card = 1; card <= count; card += 1) {
      await expect(page.getByText(`${prefix} ${String(card)} de ${String(count)}`, { exact: true })).toBeVisible();
      await expect(faceUp).toBeVisible();
      const delay = delays[pressed.length % delays.length] ?? 200;
      const { key, answer } = keys[pressed.length % keys.length] ?? keys[0];
      await page.waitForTimeout(delay);
      await page.keyboard.press(key);
      if (!practice) pressed.push({ answer, delay });
    }
  }

  for (let task = 1; task <= 4; task += 1) {
    await expect(page.getByRole('heading', { name: new RegExp(`^Parte ${String(task)} de 4`) })).toBeVisible();
    await page.getByRole('button', { name: 'Practicar primero' }).click();
    await playCards('Carta de práctica', true);
    await page.getByRole('button', { name: 'Comenzar esta parte' }).click();
    await playCards('Carta', false);
  }
  await expect(page.getByRole('heading', { name: 'Todas las partes han terminado' })).toBeVisible();

  const seen = await page.evaluate(
    () => (window as unknown as { seenByTest: { cards: number[]; keys: number[] } }).seenByTest,
  );
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/completed'));
  await page.getByRole('button', { name: 'Terminar y volver' }).click();
  const record = testRecordSchema.parse((await sent).postDataJSON());
  // The runner then goes back to where it was sent from (here the application's home, signed out): the test ends
  // on that page, not in the middle of the navigation (closing the browser then could hang until the time-out).
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();

  expect(record.session.inputType).toBe('keyboard');
  expect(record.session.deviceClass).toBe('desktop');
  expect(record.session.interruptions).toEqual([]);
  const refreshHz = record.session.refreshHz ?? 0;
  expect(refreshHz).toBeGreaterThan(0);
  const frameMs = 1000 / refreshHz;

  const trials: Trial[] = record.tasks.flatMap((entry) => entry.trials);
  expect(trials).toHaveLength(seen.keys.length);
  expect(seen.cards).toHaveLength(seen.keys.length);
  const testTrials = trials.flatMap((trial, index) => (trial.practice ? [] : [{ trial, index }]));
  expect(testTrials.map(({ trial }) => trial.answer)).toEqual(pressed.map((entry) => entry.answer));
  for (const { trial, index } of testTrials) {
    expect(trial).toMatchObject({ anticipation: false, miss: false });
    // The test waited its delay after it saw the card, so the response cannot be quicker than that.
    expect(trial.responseTimeMs).toBeGreaterThanOrEqual(
      pressed[testTrials.findIndex((entry) => entry.index === index)]?.delay ?? 0,
    );
    const used = (seen.keys[index] ?? 0) - (seen.cards[index] ?? 0);
    // The runner's onset is the frame that drew the card: the frame the test saw it enter, within a frame.
    expect(Math.abs((trial.responseTimeMs ?? 0) - used)).toBeLessThanOrEqual(frameMs + 10);
  }
});
