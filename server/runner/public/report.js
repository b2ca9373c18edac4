// The reference report page's only script (a file: the CSP allows no inline script).
'use strict';

(function report() {
  // Printing shows what every <details> holds (the method, the raw measures), then closes again the ones the reader
  // had left closed.
  /** @type {HTMLDetailsElement[]} */
  let opened = [];
  window.addEventListener('beforeprint', () => {
    opened = Array.from(document.querySelectorAll('details:not([open])'));
    for (const details of opened) details.open = true;
  });
  window.addEventListener('afterprint', () => {
    for (const details of opened) details.open = false;
    opened = [];
  });

  // Opened in a tab of its own (an iPhone or an iPad), the page offers its own Print and Download PDF.
  function showOwnActions() {
    const actions = document.querySelector('.page-actions');
    if (actions instanceof HTMLElement && window.parent === window) {
      actions.hidden = false;
      document.getElementById('print-report')?.addEventListener('click', () => {
        window.print();
      });
    }
  }

  /** The client's session token, which a frame of the client on this origin shares (spec §4: 'storetoken…'). */
  function sessionToken() {
    try {
      for (let index = 0; index < window.sessionStorage.length; index += 1) {
        const key = window.sessionStorage.key(index);
        if (key?.startsWith('storetoken')) return window.sessionStorage.getItem(key);
      }
    } catch {
      // Storage refused: no session to read with.
    }
    return null;
  }

  /**
   * Where the report is read from: the API host the runtime configuration names (the server writes it into the page;
   * the client passes the same as hostEnvironment), else this page's own origin. A hostEnvironment in the address
   * alone is never believed: the session token goes with the request.
   */
  function readFrom(main, path) {
    const host = main.getAttribute('data-host') || window.location.origin;
    return new URL(`${path}${window.location.search}`, host).href;
  }

  /** A file read with the session, handed over as a download under the name the server gives it. */
  function downloadWithSession(url, token, link) {
    /** @type {Record<string, string>} */
    const headers = token ? { authToken: token } : {};
    return fetch(url, { headers, cache: 'no-store', credentials: 'omit' })
      .then((response) => (response.ok ? response : Promise.reject(new Error(String(response.status)))))
      .then((response) =>
        response.blob().then((blob) => {
          const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
          const address = URL.createObjectURL(blob);
          const save = document.createElement('a');
          save.href = address;
          save.download = named?.[1] ?? 'cognitive-report.pdf';
          document.body.append(save);
          save.click();
          save.remove();
          window.setTimeout(() => {
            URL.revokeObjectURL(address);
          }, 60_000);
          link.removeAttribute('aria-disabled');
        }),
      );
  }

  // Issue 37: opened the spec's way (no token in the address), the report is read with the client's session and put
  // in place of the loading line; refused or unreachable, the line says the report cannot be shown. Its Download PDF
  // reads the file with the same session (a plain link could not send it).
  const main = document.getElementById('main');
  if (main instanceof HTMLElement && main.hasAttribute('data-report-session')) {
    const token = sessionToken();
    /** @type {Record<string, string>} */
    const headers = token ? { authToken: token } : {};
    fetch(readFrom(main, '/report/content'), { headers, cache: 'no-store', credentials: 'omit' })
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
      .then((html) => {
        const body = new DOMParser().parseFromString(html, 'text/html').getElementById('main');
        if (!body) throw new Error('no report');
        const pdf = body.querySelector('a[download]');
        if (pdf instanceof HTMLAnchorElement) {
          const address = readFrom(main, '/report/pdf');
          pdf.href = address;
          pdf.addEventListener('click', (event) => {
            event.preventDefault();
            pdf.setAttribute('aria-disabled', 'true');
            downloadWithSession(address, sessionToken(), pdf).catch(() => {
              pdf.removeAttribute('aria-disabled');
            });
          });
        }
        main.replaceWith(document.adoptNode(body));
        showOwnActions();
      })
      .catch(() => {
        const line = main.querySelector('[role="status"]');
        if (line) {
          line.setAttribute('role', 'alert');
          line.textContent = main.getAttribute('data-failed') ?? '';
        }
      });
  } else {
    showOwnActions();
  }

  // In the client's report dialog, Escape closes the dialog even while the reader is inside the report: a key
  // pressed in a frame never reaches the page around it, so the page is told (only if it is on this origin).

  if (window.parent !== window) {
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') window.parent.postMessage({ type: 'report-escape' }, window.location.origin);
    });
  }
})();
