// The demo outbox page's script (served from a file: the CSP allows no inline script). The administrator signs in
// here; the token lives in this closure only (never in any storage) and is sent in the authToken header, as the
// client sends it. The emails are rendered with textContent, so nothing in them can run.
'use strict';

(function outbox() {
  const configElement = document.getElementById('outbox-config');
  const form = document.getElementById('outbox-sign-in');
  const errorBox = document.getElementById('outbox-error');
  const list = document.getElementById('outbox-list');
  if (!configElement || !(form instanceof HTMLFormElement) || !errorBox || !list) return;

  /** @type {{ texts: Record<string, string>, loginUrl: string }} */
  const config = JSON.parse(configElement.textContent || '{}');
  const texts = config.texts;
  const button = form.querySelector('button[type="submit"]');

  /** @param {string} text */
  function showError(text) {
    errorBox.textContent = text;
    errorBox.hidden = false;
  }

  /** @param {string} tag @param {string} [text] */
  function element(tag, text) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** Only same-site paths and http(s) links become anchors, never javascript: or data: URLs. */
  function safeHref(/** @type {string} */ link) {
    return /^(\/(?!\/)|https?:\/\/)/i.test(link) ? link : null;
  }

  /** @param {{ id: number, to: string, subject: string, body: string, link: string | null, createdAt: string }} message */
  function renderMessage(message) {
    const headingId = 'message-' + String(message.id);
    const article = element('article');
    article.setAttribute('aria-labelledby', headingId);
    const heading = element('h2', message.subject);
    heading.id = headingId;
    const details = element('dl');
    const linkCell = element('dd');
    if (message.link && safeHref(message.link)) {
      const anchor = element('a', message.link);
      anchor.setAttribute('href', message.link);
      linkCell.append(anchor);
    } else {
      linkCell.textContent = message.link || 'none';
    }
    const sent = element('time', message.createdAt);
    sent.setAttribute('datetime', message.createdAt);
    const sentCell = element('dd');
    sentCell.append(sent);
    details.append(element('dt', 'To'), element('dd', message.to), element('dt', 'Sent'), sentCell);
    details.append(element('dt', 'Link'), linkCell);
    article.append(heading, details, element('pre', message.body));
    return article;
  }

  /** @param {string} token */
  async function showOutbox(token) {
    const response = await fetch('/api/dev/outbox', { headers: { authToken: token }, cache: 'no-store' });
    if (response.status === 403) {
      showError(texts.outboxAdministratorOnly);
      return;
    }
    if (!response.ok) {
      showError(texts.ERROR_AUTHENTICATING_PLEASE_RETRY);
      return;
    }
    /** @type {{ dataList: Parameters<typeof renderMessage>[0][], count: number }} */
    const outboxList = await response.json();
    const summary = element(
      'p',
      outboxList.count
        ? 'Emails the demo server would have sent, newest first (' + String(outboxList.count) + ').'
        : 'The outbox is empty: no email has been sent yet.',
    );
    list.replaceChildren(summary, ...outboxList.dataList.map(renderMessage));
    form.hidden = true;
    summary.setAttribute('tabindex', '-1');
    summary.focus();
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    errorBox.hidden = true;
    const data = new FormData(form);
    const userName = String(data.get('userName') || '').trim();
    const password = String(data.get('password') || '');
    if (!userName || !password) {
      showError(texts.ERROR_INVALID_ID_OR_PASSWORD);
      return;
    }
    if (button) {
      button.setAttribute('disabled', '');
      button.textContent = texts.signingIn;
    }
    fetch(config.loginUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName, password }),
    })
      .then(async (response) => {
        const result = response.ok ? await response.json() : null;
        if (result && result.success && result.authToken) return showOutbox(result.authToken);
        if (result && result.accountLockedFailedAuthAttemptsExceeded) {
          showError(texts.ERROR_YOU_HAVE_EXCEEDED_MAX_LOGIN_ATTEMPTS);
        } else if (result) {
          showError(texts.ERROR_INVALID_ID_OR_PASSWORD);
        } else {
          showError(texts.ERROR_AUTHENTICATING_PLEASE_RETRY);
        }
      })
      .catch(() => {
        showError(texts.ERROR_AUTHENTICATING_PLEASE_RETRY);
      })
      .finally(() => {
        if (button) {
          button.removeAttribute('disabled');
          button.textContent = texts.signIn;
        }
      });
  });
})();
