// The reference workflow runner's script (served from a file: the CSP allows no inline script). It reads its
// settings from the page, clears the token from the address bar, runs the card tasks, and records the outcome
// with the test token before returning through redirect[0] or redirecterror.
// Over 300 lines because the browser runs this file as it is served (no build step, no imports): the runner's
// settings, card tasks, timing and outcome recording have to stand in one script.
'use strict';

(function runner() {
  const configElement = document.getElementById('runner-config');
  const stage = document.getElementById('stage');
  const announcer = document.getElementById('announcer');
  if (!configElement || !stage || !announcer) return;
  // The demo's end-with-an-error panel: on the page only when a demo server was asked for it (runner-page.ts).
  const errorPanel = document.getElementById('error-panel');
  const errorForm = document.getElementById('error-form');
  const errorSelect = document.getElementById('error-code');

  /** @type {any} */
  const config = JSON.parse(configElement.textContent || '{}');
  const texts = config.texts;

  // The token must not stay in the address bar, history or a Referer (DESIGN §3).
  window.history.replaceState(null, '', window.location.pathname);

  /** @param {string} text @param {Record<string, string | number>} values */
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (match, name) => (name in values ? String(values[name]) : match));
  }

  /** @param {string} tag @param {Record<string, string>} attributes @param {(Node | string)[]} children */
  function element(tag, attributes, children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    for (const child of children) node.append(child);
    return node;
  }

  /**
   * Says `text` through the page's live region (the step, the progress, practice feedback; never a card's face:
   * the test is visual by design). The same words twice in a row are said again.
   */
  function announce(/** @type {string} */ text) {
    announcer.textContent = announcer.textContent === text ? `${text}\u00a0` : text;
  }

  /**
   * Replaces the stage and moves the focus to its heading, so a screen reader user lands on each new step; the live
   * region says what the step is (its heading, or `announcement`).
   */
  function show(/** @type {HTMLElement[]} */ nodes, /** @type {string | undefined} */ announcement) {
    stage.replaceChildren(...nodes);
    // A new step starts at its top: the last one's button may have been far down a long page.
    window.scrollTo(0, 0);
    const heading = stage.querySelector('h2');
    if (heading) {
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }
    const said = announcement ?? heading?.textContent;
    if (said) announce(said);
  }

  function button(/** @type {string} */ label, /** @type {() => void} */ onClick, className = 'button') {
    const node = element('button', { type: 'button', class: className }, [label]);
    node.addEventListener('click', onClick);
    return node;
  }

  /** @param {string} path @param {unknown} [body] */
  async function call(path, body) {
    const response = await fetch(`${config.endPoint}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: Object.assign(
        { authToken: config.authToken, Accept: 'application/json' },
        body === undefined ? {} : { 'Content-Type': 'application/json' },
      ),
      body: body === undefined ? null : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
    if (!response.ok) {
      const error = new Error(`status ${String(response.status)}`);
      Object.assign(error, { status: response.status });
      throw error;
    }
    return response.json();
  }

  const instancePath = `/workflow/${encodeURIComponent(config.workflowInstanceId)}`;

  /** @param {string} url @param {string} code */
  function withErrorCode(url, code) {
    const target = new URL(url);
    target.searchParams.set('errorCode', code);
    return target.href;
  }

  /** Records the error code, then goes back through redirecterror with it. */
  async function endWithError(/** @type {string} */ code) {
    show([element('p', {}, [texts.saving])], texts.saving);
    try {
      await call(`${instancePath}/error`, { errorCode: code });
    } catch {
      // The page the person returns to records the code as well (spec §4 error callback).
    }
    releaseScreen();
    window.location.assign(withErrorCode(config.redirects.error, code));
  }

  if (errorForm && errorSelect) {
    errorForm.addEventListener('submit', (event) => {
      event.preventDefault();
      void endWithError(/** @type {HTMLSelectElement} */ (errorSelect).value);
    });
  }

  function message(/** @type {string} */ text, /** @type {HTMLElement[]} */ actions) {
    if (errorPanel) errorPanel.hidden = true;
    show([element('h2', {}, [text]), element('p', { class: 'actions' }, actions)]);
  }

  // --- Keeping the screen awake and on the test ------------------------------------------------------------------

  const touch = window.matchMedia('(pointer: coarse)').matches;
  let keepAwake = false;
  /** @type {{ release: () => Promise<void> } | null} */
  let wakeLock = null;

  /**
   * A screen that dims mid-test loses cards: the runner holds a screen wake lock while the test runs. The browser
   * drops it whenever the page is hidden, so it is asked for again when the page shows. A refusal (no support, a
   * policy, a battery saver) only means the screen may dim: the test goes on.
   */
  async function lockScreen() {
    const wake = /** @type {any} */ (navigator).wakeLock;
    if (!keepAwake || wakeLock !== null || !wake || document.visibilityState !== 'visible') return;
    try {
      const lock = await wake.request('screen');
      lock.addEventListener('release', () => {
        if (wakeLock === lock) wakeLock = null;
      });
      if (keepAwake) wakeLock = lock;
      else void lock.release();
    } catch {
      wakeLock = null;
    }
  }

  /** At the end of the test: the screen may sleep again, and full screen ends. */
  function releaseScreen() {
    keepAwake = false;
    const lock = wakeLock;
    wakeLock = null;
    if (lock) lock.release().catch(() => undefined);
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
  }

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void lockScreen();
  });

  /** On a touch screen, a button that gives the test the whole screen (none once it has it, or where it cannot). */
  function fullScreenButton() {
    if (!touch || !document.fullscreenEnabled || document.fullscreenElement) return [];
    const node = button(
      texts.fullScreen,
      () => {
        document.documentElement
          .requestFullscreen()
          .then(() => {
            node.remove();
          })
          .catch(() => undefined);
      },
      'button secondary',
    );
    return [node];
  }

  // --- The card tasks -------------------------------------------------------------------------------------------

  const suitsRed = [true, true, false, false];
  const rankLetters = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];
  const suitLetters = ['H', 'D', 'C', 'S'];
  const design = config.design;

  /** A small deterministic generator, so one workflow instance always deals the same cards. */
  function prng(/** @type {string} */ seedText) {
    let state = 0;
    for (const character of seedText) state = (state * 31 + character.charCodeAt(0)) >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const random = prng(config.workflowInstanceId);
  const between = (/** @type {[number, number]} */ [low, high]) => low + random() * (high - low);

  /**
   * @typedef {{ rank: number, suit: number }} Card
   * @typedef {{ card: Card, expected: 'yes' | 'no' }} Deal
   */

  const sameCard = (/** @type {Card} */ a, /** @type {Card} */ b) => a.rank === b.rank && a.suit === b.suit;
  const randomCard = () => ({ rank: Math.floor(random() * 13), suit: Math.floor(random() * 4) });

  /** The cards of one run of a task (practice or test), with the answer each one expects. */
  function deal(/** @type {string} */ task, /** @type {number} */ count) {
    /** @type {Deal[]} */
    const deals = [];
    if (task === 'oneCardLearning') {
      // A few target cards come back again and again among cards shown once (the published design: 6 of them).
      const targets = /** @type {Card[]} */ ([]);
      const used = /** @type {Card[]} */ ([]);
      const fresh = () => {
        for (;;) {
          const card = randomCard();
          if (!used.some((other) => sameCard(other, card))) {
            used.push(card);
            return card;
          }
        }
      };
      const shownTargets = /** @type {Card[]} */ ([]);
      for (let index = 0; index < count; index += 1) {
        if (shownTargets.length > 0 && (random() < 0.5 || used.length >= 46)) {
          deals.push({ card: shownTargets[Math.floor(random() * shownTargets.length)], expected: 'yes' });
        } else {
          const card = fresh();
          if (targets.length < config.learningRepeats) {
            targets.push(card);
            shownTargets.push(card);
          }
          deals.push({ card, expected: 'no' });
        }
      }
      return deals;
    }
    for (let index = 0; index < count; index += 1) {
      const previous = deals[index - 1];
      if (task === 'detection') deals.push({ card: randomCard(), expected: 'yes' });
      else if (task === 'identification') {
        const card = randomCard();
        deals.push({ card, expected: suitsRed[card.suit] ? 'yes' : 'no' });
      } else {
        const card = previous !== undefined && random() < 0.4 ? previous.card : randomCard();
        deals.push({ card, expected: previous !== undefined && sameCard(previous.card, card) ? 'yes' : 'no' });
      }
    }
    return deals;
  }

  function cardLabel(/** @type {Card} */ card) {
    return fill(texts.cardName, { rank: texts.ranks[card.rank], suit: texts.suits[card.suit] });
  }

  function cardFace(/** @type {Card | null} */ card) {
    const symbols = ['♥', '♦', '♣', '♠'];
    const ranks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
    if (card === null) return element('div', { class: 'card back', role: 'img', 'aria-label': texts.faceDown }, []);
    const red = suitsRed[card.suit] ? ' red' : '';
    return element('div', { class: `card${red}`, role: 'img', 'aria-label': cardLabel(card) }, [
      `${ranks[card.rank]}${symbols[card.suit]}`,
    ]);
  }

  /** A card of a task's example: drawn as the test's cards, but not one of them (no 'card' class to time). */
  function exampleCard(/** @type {Card | null} */ card) {
    const node = cardFace(card);
    node.classList.replace('card', 'example-card');
    return node;
  }

  // --- What the session records besides the trials ---------------------------------------------------------------

  /** @type {string | null} */
  let currentTask = null;
  const inputs = new Set();
  /** @type {{ kind: 'hidden' | 'blur', task: string | null, durationMs: number }[]} */
  const interruptions = [];
  /** @type {number | null} */
  let refreshHz = null;
  let hiddenSince = /** @type {number | null} */ (null);
  let blurredSince = /** @type {number | null} */ (null);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') hiddenSince = performance.now();
    else if (hiddenSince !== null) {
      interruptions.push({
        kind: 'hidden',
        task: currentTask,
        durationMs: Math.round(performance.now() - hiddenSince),
      });
      hiddenSince = null;
    }
  });
  window.addEventListener('blur', () => {
    blurredSince = performance.now();
  });
  window.addEventListener('focus', () => {
    if (blurredSince === null) return;
    interruptions.push({ kind: 'blur', task: currentTask, durationMs: Math.round(performance.now() - blurredSince) });
    blurredSince = null;
  });

  function deviceClass() {
    const coarse = window.matchMedia('(pointer: coarse)').matches;
    if (!coarse) return 'desktop';
    return Math.min(window.screen.width, window.screen.height) < 600 ? 'phone' : 'tablet';
  }

  function inputType() {
    if (inputs.size === 0) return 'none';
    return inputs.size === 1 ? [...inputs][0] : 'mixed';
  }

  /** The screen's refresh rate from the median interval between animation frames. */
  function measureRefresh() {
    /** @type {number[]} */
    const stamps = [];
    const step = (/** @type {number} */ stamp) => {
      stamps.push(stamp);
      if (stamps.length < 21) {
        requestAnimationFrame(step);
        return;
      }
      const intervals = stamps
        .slice(1)
        .map((value, index) => value - stamps[index])
        .sort((a, b) => a - b);
      const median = intervals[Math.floor(intervals.length / 2)];
      if (median > 0) refreshHz = Math.round(10000 / median) / 10;
    };
    requestAnimationFrame(step);
  }

  // --- Progress through the whole test --------------------------------------------------------------------------

  const answerKeys = {
    yes: new Set(['arrowright', 'y', texts.keys.yes.toLowerCase()]),
    no: new Set(['arrowleft', 'n', texts.keys.no.toLowerCase()]),
  };

  const tasks = /** @type {string[]} */ ([]);
  /** @type {{ task: string, form: string, finished: boolean, trials: object[] }[]} */
  const records = [];
  /** Cards answered (or missed) so far, practice included, of all the cards the whole test deals. */
  const progress = { done: 0, total: 0 };

  function partOf(/** @type {number} */ taskIndex) {
    return fill(texts.partOf, { n: taskIndex + 1, count: tasks.length });
  }

  function taskTitle(/** @type {number} */ taskIndex) {
    return fill(texts.taskOf, { n: taskIndex + 1, count: tasks.length, name: texts.tasks[tasks[taskIndex]].name });
  }

  /** A bar across the whole test ('Part 2 of 4' to assistive technology), filled as cards are answered. */
  function progressBar(/** @type {number} */ taskIndex) {
    const fillBar = element('div', { class: 'progress-fill' }, []);
    const bar = element(
      'div',
      {
        class: 'progress',
        role: 'progressbar',
        'aria-label': texts.progressLabel,
        'aria-valuemin': '0',
        'aria-valuemax': '100',
        'aria-valuetext': taskIndex < tasks.length ? partOf(taskIndex) : texts.doneTitle,
      },
      [fillBar],
    );
    const update = () => {
      const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
      bar.setAttribute('aria-valuenow', String(percent));
      fillBar.style.width = `${String(percent)}%`;
    };
    update();
    return { bar, update };
  }

  const secondsToAnswer = () => Math.round(design.responseWindowMs / 1000);

  // --- Each task's example: cards and the right answer, a step at a time -----------------------------------------

  /**
   * @typedef {{ cards: { card: Card | null, caption?: string }[], answer: 'yes' | 'no' | null }} ExampleStep
   * @type {Record<string, ExampleStep[]>}
   */
  const examples = {
    detection: [
      { cards: [{ card: null }], answer: null },
      { cards: [{ card: { rank: 6, suit: 0 } }], answer: 'yes' },
    ],
    identification: [
      { cards: [{ card: { rank: 6, suit: 0 } }], answer: 'yes' },
      { cards: [{ card: { rank: 3, suit: 3 } }], answer: 'no' },
    ],
    oneCardLearning: [
      { cards: [{ card: { rank: 12, suit: 2 } }], answer: 'no' },
      { cards: [{ card: { rank: 12, suit: 2 } }], answer: 'yes' },
    ],
    oneBack: [
      {
        cards: [
          { card: { rank: 4, suit: 1 }, caption: texts.exampleBefore },
          { card: { rank: 4, suit: 1 }, caption: texts.exampleNow },
        ],
        answer: 'yes',
      },
      {
        cards: [
          { card: { rank: 4, suit: 1 }, caption: texts.exampleBefore },
          { card: { rank: 10, suit: 3 }, caption: texts.exampleNow },
        ],
        answer: 'no',
      },
    ],
  };

  /**
   * The example of a task, stepped by the person (nothing moves by itself): each step shows the card or cards, says
   * in words what to answer and marks that answer on a drawing of the two buttons. The words are said aloud too.
   */
  function example(/** @type {string} */ task) {
    const steps = examples[task] ?? [];
    const words = texts.tasks[task].examples;
    let step = 0;
    const stepLine = element('p', { class: 'example-step' }, []);
    const cards = element('div', { class: 'example-cards' }, []);
    const says = element('p', { class: 'example-says' }, []);
    const chipNo = element('span', { class: 'chip' }, [texts.no]);
    const chipYes = element('span', { class: 'chip' }, [texts.yes]);
    // The words already say which answer is right: the drawing is for the eyes only.
    const chips = element('div', { class: 'example-chips', 'aria-hidden': 'true' }, [chipNo, chipYes]);
    const next = button(
      texts.nextStep,
      () => {
        step = (step + 1) % steps.length;
        draw();
        announce(`${stepLine.textContent ?? ''}. ${says.textContent ?? ''}`);
      },
      'button secondary',
    );
    function draw() {
      const current = steps[step];
      stepLine.textContent = fill(texts.exampleStep, { n: step + 1, count: steps.length });
      cards.replaceChildren(
        ...current.cards.map(({ card, caption }) =>
          element('figure', { class: 'example-figure' }, [
            exampleCard(card),
            ...(caption ? [element('figcaption', {}, [caption])] : []),
          ]),
        ),
      );
      says.textContent = words[step] ?? '';
      chipNo.classList.toggle('right', current.answer === 'no');
      chipYes.classList.toggle('right', current.answer === 'yes');
      next.textContent = step === steps.length - 1 ? texts.exampleAgain : texts.nextStep;
    }
    draw();
    return element('section', { class: 'example', 'aria-labelledby': `example-${task}` }, [
      element('h3', { id: `example-${task}` }, [texts.exampleTitle]),
      stepLine,
      cards,
      says,
      chips,
      element('p', { class: 'actions' }, [next]),
    ]);
  }

  /**
   * An answer is taken when the finger comes down; the tap's click follows when it lifts. A run's last answer
   * changes the screen only after that click, so it cannot land on (and press) whatever the next screen puts there.
   */
  let pressing = false;
  window.addEventListener('pointercancel', () => {
    pressing = false;
  });
  function whenReleased(/** @type {() => void} */ then) {
    if (!pressing) {
      then();
      return;
    }
    /** @type {number | undefined} */
    let fallback;
    const go = () => {
      window.removeEventListener('click', go, true);
      window.removeEventListener('pointercancel', go, true);
      window.clearTimeout(fallback);
      pressing = false;
      window.setTimeout(then, 0);
    };
    window.addEventListener('click', go, true);
    window.addEventListener('pointercancel', go, true);
    // A finger that slid off the button makes no click.
    fallback = window.setTimeout(go, 1000);
  }

  // --- Playing a task ---------------------------------------------------------------------------------------------

  function runTask(/** @type {number} */ taskIndex) {
    const task = tasks[taskIndex];
    if (task === undefined) {
      currentTask = null;
      finished();
      return;
    }
    currentTask = task;
    const taskTexts = texts.tasks[task];
    const record = { task, form: config.form, finished: false, trials: /** @type {object[]} */ ([]) };
    records.push(record);
    const counts = design.tasks[task];
    show([
      element('h2', {}, [taskTitle(taskIndex)]),
      progressBar(taskIndex).bar,
      element('p', {}, [taskTexts.instructions]),
      element('p', {}, [fill(texts.timedReminder, { seconds: secondsToAnswer() })]),
      example(task),
      ...(touch ? [] : [element('p', {}, [fill(texts.keysHint, { yes: texts.keys.yes, no: texts.keys.no })])]),
      element('p', { class: 'actions' }, [
        button(texts.startPractice, () => {
          playTrials(taskIndex, record, deal(task, counts.practice), true, () => {
            show([
              element('h2', {}, [taskTitle(taskIndex)]),
              progressBar(taskIndex).bar,
              element('p', {}, [texts.practiceDone]),
              element('p', { class: 'actions' }, [
                button(texts.startTask, () => {
                  playTrials(taskIndex, record, deal(task, counts.trials), false, () => {
                    record.finished = true;
                    runTask(taskIndex + 1);
                  });
                }),
              ]),
            ]);
          });
        }),
        ...fullScreenButton(),
      ]),
    ]);
  }

  /**
   * Plays trials with the timing of browser experiment libraries: the card's onset is the timestamp of the animation
   * frame that draws it, and a response time is the input event's timeStamp minus that onset. The screen is laid out
   * once for the run (pages.css): the card and the two buttons keep their places, feedback has a space of its own.
   */
  function playTrials(
    /** @type {number} */ taskIndex,
    /** @type {{ task: string, trials: object[] }} */ record,
    /** @type {Deal[]} */ deals,
    /** @type {boolean} */ practice,
    /** @type {() => void} */ done,
  ) {
    const task = tasks[taskIndex];
    const taskTexts = texts.tasks[task];
    let index = 0;
    /** @type {'waiting' | 'shown' | 'between'} */
    let phase = 'between';
    let onset = 0;
    /** @type {number | undefined} */
    let timer;
    const counter = element('span', { class: 'counter' }, []);
    const progressRow = element('div', { class: 'progress-row' }, [element('span', {}, [partOf(taskIndex)]), counter]);
    const { bar, update: updateProgress } = progressBar(taskIndex);
    // Stays until the next card turns face up; the live region says it too.
    const feedback = element('p', { class: 'feedback' }, []);
    const cardSlot = element('div', { class: 'card-slot' }, []);
    const yes = element('button', { type: 'button', class: 'button answer' }, [texts.yes]);
    const no = element('button', { type: 'button', class: 'button secondary answer' }, [texts.no]);

    const onKey = (/** @type {KeyboardEvent} */ event) => {
      if (event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
      const key = event.key.toLowerCase();
      const value = answerKeys.yes.has(key) ? 'yes' : answerKeys.no.has(key) ? 'no' : null;
      if (value === null) return;
      event.preventDefault();
      inputs.add('keyboard');
      respond(value, event.timeStamp);
    };
    const onPointer = (/** @type {'yes' | 'no'} */ value) => (/** @type {PointerEvent} */ event) => {
      if (!event.isPrimary) return;
      inputs.add(event.pointerType === 'touch' || event.pointerType === 'pen' ? 'touch' : 'mouse');
      pressing = true;
      respond(value, event.timeStamp);
    };
    // A button activated from the keyboard (Enter or Space on it) answers too; a pointer already did on pointerdown.
    const onClick = (/** @type {'yes' | 'no'} */ value) => (/** @type {MouseEvent} */ event) => {
      if (event.detail !== 0) return;
      inputs.add('keyboard');
      respond(value, event.timeStamp);
    };
    yes.addEventListener('pointerdown', onPointer('yes'));
    no.addEventListener('pointerdown', onPointer('no'));
    yes.addEventListener('click', onClick('yes'));
    no.addEventListener('click', onClick('no'));

    function present() {
      const current = deals[index];
      phase = 'waiting';
      const count = deals.length;
      counter.textContent = fill(practice ? texts.practiceCardOf : texts.cardOf, { n: index + 1, count });
      cardSlot.replaceChildren(cardFace(null));
      const wait = between(task === 'detection' ? design.detectionWaitMs : design.interTrialMs);
      timer = window.setTimeout(() => {
        requestAnimationFrame((stamp) => {
          if (phase !== 'waiting' || deals[index] !== current) return;
          cardSlot.replaceChildren(cardFace(current.card));
          feedback.textContent = '';
          onset = stamp;
          phase = 'shown';
          timer = window.setTimeout(() => {
            settle(null, null, false, true);
          }, design.responseWindowMs);
        });
      }, wait);
    }

    function respond(/** @type {'yes' | 'no'} */ value, /** @type {number} */ at) {
      if (phase === 'between') return;
      if (phase === 'waiting') {
        settle(value, null, true, false);
        return;
      }
      const responseTimeMs = Math.round((at - onset) * 10) / 10;
      settle(value, responseTimeMs, responseTimeMs < config.anticipationMs, false);
    }

    function settle(
      /** @type {'yes' | 'no' | null} */ answer,
      /** @type {number | null} */ responseTimeMs,
      /** @type {boolean} */ anticipation,
      /** @type {boolean} */ miss,
    ) {
      window.clearTimeout(timer);
      const current = deals[index];
      phase = 'between';
      record.trials.push({
        index: record.trials.length,
        practice,
        stimulus: `${rankLetters[current.card.rank]}${suitLetters[current.card.suit]}`,
        expected: current.expected,
        answer,
        responseTimeMs,
        anticipation,
        miss,
      });
      index += 1;
      progress.done += 1;
      updateProgress();
      const next = () => {
        if (index < deals.length) present();
        else {
          document.removeEventListener('keydown', onKey);
          whenReleased(done);
        }
      };
      if (!practice) {
        next();
        return;
      }
      feedback.textContent = anticipation
        ? texts.feedbackEarly
        : miss
          ? texts.feedbackSlow
          : answer === current.expected
            ? texts.feedbackCorrect
            : texts.feedbackWrong;
      announce(feedback.textContent);
      window.setTimeout(next, design.feedbackMs);
    }

    show(
      [
        element('div', { class: `trial${practice ? ' practice' : ''}` }, [
          progressRow,
          bar,
          element('h2', { class: 'question' }, [taskTexts.question]),
          cardSlot,
          feedback,
          element('p', { class: 'answer-buttons' }, [no, yes]),
        ]),
      ],
      `${taskTitle(taskIndex)}${practice ? ` (${texts.practice})` : ''}. ${taskTexts.question}`,
    );
    document.addEventListener('keydown', onKey);
    present();
  }

  function finished() {
    releaseScreen();
    const status = element('p', { role: 'status' }, []);
    const finish = button(texts.finish, () => {
      void record();
    });
    async function record() {
      finish.setAttribute('disabled', '');
      status.textContent = texts.saving;
      try {
        const session = { deviceClass: deviceClass(), inputType: inputType(), refreshHz, interruptions };
        await call(`${instancePath}/completed`, { session, tasks: records });
        window.location.assign(config.redirects.completed);
      } catch {
        finish.removeAttribute('disabled');
        status.textContent = texts.saveFailed;
      }
    }
    show([
      element('h2', {}, [texts.doneTitle]),
      progressBar(tasks.length).bar,
      element('p', {}, [texts.doneBody]),
      element('p', { class: 'actions' }, [finish]),
      status,
    ]);
  }

  // --- Start ------------------------------------------------------------------------------------------------------

  function versionSupported() {
    const major = Number(String(config.cbbVersion).split('.')[0]);
    return major === config.supportedCbbMajor;
  }

  /** A language's own name in the page's language ('Spanish (United States)'), not its code. */
  function languageName(/** @type {string} */ code) {
    try {
      return new Intl.DisplayNames([config.localityCode], { type: 'language' }).of(code) || code;
    } catch {
      return code;
    }
  }

  async function start() {
    /** @type {any} */
    let instance;
    try {
      instance = await call(instancePath);
    } catch (error) {
      const status = /** @type {{ status?: number }} */ (error).status;
      if (status === 401) {
        const target = config.redirects.expired || withErrorCode(config.redirects.error, 'workflowerror');
        message(texts.tokenInvalid, [element('a', { class: 'button', href: target }, [texts.returnButton])]);
      } else {
        message(texts.unreachable, [
          button(texts.retry, () => {
            void start();
          }),
        ]);
      }
      return;
    }
    if (instance.state !== 'open') {
      const target = instance.state === 'completed' ? config.redirects.completed : config.redirects.error;
      message(texts.alreadyEnded, [element('a', { class: 'button', href: target }, [texts.returnButton])]);
      return;
    }
    if (!versionSupported()) {
      message(fill(texts.versionFailure, { version: config.cbbVersion || '?' }), [
        button(texts.returnButton, () => {
          void endWithError('cbbversionfailure');
        }),
      ]);
      return;
    }
    tasks.push(...instance.tasks);
    for (const task of tasks) progress.total += design.tasks[task].practice + design.tasks[task].trials;
    if (errorPanel) errorPanel.hidden = false;
    measureRefresh();
    show([
      element('h2', {}, [texts.introTitle]),
      element('p', {}, [fill(texts.introBody, { count: tasks.length })]),
      element('p', {}, [fill(texts.timedBody, { seconds: secondsToAnswer() })]),
      element('ul', {}, [
        element('li', {}, [fill(texts.languageLine, { language: languageName(instance.localityCode) })]),
        element('li', {}, [
          fill(texts.batteryLine, { battery: texts.batteries[instance.batteryTypeCode] || instance.batteryTypeCode }),
        ]),
        ...tasks.map((task, taskIndex) => element('li', {}, [taskTitle(taskIndex)])),
      ]),
      element('p', { class: 'actions' }, [
        button(texts.start, () => {
          // From here to the last card the page is the test's screen (pages.css) and the screen stays awake.
          document.body.classList.add('running');
          keepAwake = true;
          void lockScreen();
          runTask(0);
        }),
        ...fullScreenButton(),
      ]),
    ]);
  }

  void start();
})();
