// The reference workflow runner's script (served from a file: the CSP allows no inline script). It reads its
// settings from the page, clears the token from the address bar, runs the card tasks, and records the outcome
// with the test token before returning through redirect[0] or redirecterror.
'use strict';

(function runner() {
  const configElement = document.getElementById('runner-config');
  const stage = document.getElementById('stage');
  const errorPanel = document.getElementById('error-panel');
  const errorForm = document.getElementById('error-form');
  const errorSelect = document.getElementById('error-code');
  if (!configElement || !stage || !errorPanel || !errorForm || !errorSelect) return;

  /** @type {any} */
  const config = JSON.parse(configElement.textContent || '{}');
  const texts = config.texts;
  const trialsPerTask = 6;

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

  /** Replaces the stage and moves the focus to its heading, so a screen reader hears each new step. */
  function show(/** @type {HTMLElement[]} */ nodes) {
    stage.replaceChildren(...nodes);
    const heading = stage.querySelector('h2');
    if (heading) {
      heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
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
    show([element('p', { role: 'status' }, [texts.saving])]);
    try {
      await call(`${instancePath}/error`, { errorCode: code });
    } catch {
      // The page the person returns to records the code as well (spec §4 error callback).
    }
    window.location.assign(withErrorCode(config.redirects.error, code));
  }

  errorForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void endWithError(/** @type {HTMLSelectElement} */ (errorSelect).value);
  });

  function message(/** @type {string} */ text, /** @type {HTMLElement[]} */ actions) {
    errorPanel.hidden = true;
    show([element('h2', {}, [text]), element('p', { class: 'actions' }, actions)]);
  }

  // --- The card tasks -------------------------------------------------------------------------------------------

  const suitsRed = [true, true, false, false];

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

  /**
   * @typedef {{ rank: number, suit: number, faceUp: boolean }} Card
   * @typedef {{ card: Card, answer: boolean }} Trial
   */

  /** @returns {Trial[]} */
  function deal(/** @type {string} */ task, /** @type {() => number} */ random) {
    const randomCard = () => ({ rank: Math.floor(random() * 13), suit: Math.floor(random() * 4), faceUp: true });
    /** @type {Trial[]} */
    const trials = [];
    /** @type {Card[]} */
    const seen = [];
    for (let index = 0; index < trialsPerTask; index += 1) {
      if (task === 'detection') {
        const card = Object.assign(randomCard(), { faceUp: random() < 0.6 });
        trials.push({ card, answer: card.faceUp });
      } else if (task === 'identification') {
        const card = randomCard();
        trials.push({ card, answer: suitsRed[card.suit] === true });
      } else if (task === 'oneCardLearning') {
        const repeat = seen.length > 0 && random() < 0.5;
        const card = repeat ? seen[Math.floor(random() * seen.length)] : randomCard();
        const known = seen.some((other) => other.rank === card.rank && other.suit === card.suit);
        if (!known) seen.push(card);
        trials.push({ card, answer: known });
      } else {
        const previous = trials[index - 1];
        const same = previous !== undefined && random() < 0.4;
        const card = same ? previous.card : randomCard();
        const answer = previous !== undefined && previous.card.rank === card.rank && previous.card.suit === card.suit;
        trials.push({ card, answer });
      }
    }
    return trials;
  }

  function cardLabel(/** @type {Card} */ card) {
    if (!card.faceUp) return texts.faceDown;
    return fill(texts.cardName, { rank: texts.ranks[card.rank], suit: texts.suits[card.suit] });
  }

  function cardFace(/** @type {Card} */ card) {
    const symbols = ['♥', '♦', '♣', '♠'];
    const ranks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
    if (!card.faceUp) return element('div', { class: 'card back', role: 'img', 'aria-label': cardLabel(card) }, []);
    const red = suitsRed[card.suit] ? ' red' : '';
    return element('div', { class: `card${red}`, role: 'img', 'aria-label': cardLabel(card) }, [
      `${ranks[card.rank]}${symbols[card.suit]}`,
    ]);
  }

  const tasks = /** @type {string[]} */ ([]);
  /** @type {{ task: string, trials: number, correct: number, meanReactionTimeMs: number }[]} */
  const results = [];
  const random = prng(config.workflowInstanceId);

  function runTask(/** @type {number} */ taskIndex) {
    const task = tasks[taskIndex];
    if (task === undefined) {
      finished();
      return;
    }
    const taskTexts = texts.tasks[task];
    const title = fill(texts.taskOf, { n: taskIndex + 1, count: tasks.length, name: taskTexts.name });
    show([
      element('h2', {}, [title]),
      element('p', {}, [taskTexts.instructions]),
      element('p', {}, [taskTexts.question]),
      element('p', { class: 'actions' }, [
        button(texts.startTask, () => {
          playTrials(taskIndex, title, deal(task, random));
        }),
      ]),
    ]);
  }

  function playTrials(/** @type {number} */ taskIndex, /** @type {string} */ title, /** @type {Trial[]} */ trials) {
    const task = tasks[taskIndex];
    const taskTexts = texts.tasks[task];
    let index = 0;
    let correct = 0;
    let totalMs = 0;
    let shownAt = 0;
    const counter = element('p', { class: 'counter', 'aria-live': 'polite' }, []);
    const cardSlot = element('div', { class: 'card-slot' }, []);
    const yes = button(texts.yes, () => {
      answer(true);
    });
    const no = button(
      texts.no,
      () => {
        answer(false);
      },
      'button secondary',
    );
    const onKey = (/** @type {KeyboardEvent} */ event) => {
      if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLButtonElement) {
        if (event.target !== yes && event.target !== no) return;
      }
      if (event.key === 'y' || event.key === 'Y') answer(true);
      else if (event.key === 'n' || event.key === 'N') answer(false);
    };

    function present() {
      const trial = trials[index];
      counter.textContent = `${fill(texts.cardOf, { n: index + 1, count: trials.length })}: ${cardLabel(trial.card)}`;
      cardSlot.replaceChildren(cardFace(trial.card));
      shownAt = performance.now();
    }

    function answer(/** @type {boolean} */ value) {
      const trial = trials[index];
      if (!trial) return;
      totalMs += performance.now() - shownAt;
      if (trial.answer === value) correct += 1;
      index += 1;
      if (index < trials.length) {
        present();
        return;
      }
      document.removeEventListener('keydown', onKey);
      results.push({ task, trials: trials.length, correct, meanReactionTimeMs: Math.round(totalMs / trials.length) });
      runTask(taskIndex + 1);
    }

    show([
      element('h2', {}, [title]),
      element('p', { class: 'question' }, [taskTexts.question]),
      cardSlot,
      counter,
      element('p', { class: 'actions answer-buttons' }, [yes, no]),
    ]);
    document.addEventListener('keydown', onKey);
    present();
    yes.focus();
  }

  function finished() {
    const status = element('p', { role: 'status' }, []);
    const finish = button(texts.finish, () => {
      void record();
    });
    async function record() {
      finish.setAttribute('disabled', '');
      status.textContent = texts.saving;
      try {
        await call(`${instancePath}/completed`, { results });
        window.location.assign(config.redirects.completed);
      } catch {
        finish.removeAttribute('disabled');
        status.textContent = texts.saveFailed;
      }
    }
    show([
      element('h2', {}, [texts.doneTitle]),
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
    errorPanel.hidden = false;
    show([
      element('h2', {}, [texts.introTitle]),
      element('p', {}, [fill(texts.introBody, { count: tasks.length })]),
      element('ul', {}, [
        element('li', {}, [fill(texts.languageLine, { language: instance.localityCode })]),
        element('li', {}, [fill(texts.batteryLine, { battery: instance.batteryTypeCode })]),
        ...tasks.map((task) => element('li', {}, [texts.tasks[task].name])),
      ]),
      element('p', { class: 'actions' }, [
        button(texts.start, () => {
          runTask(0);
        }),
      ]),
    ]);
  }

  void start();
})();
