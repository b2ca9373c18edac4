// The reference report page's only script (a file: the CSP allows no inline script). Printing shows what every
// <details> holds (the method, the raw measures), then closes again the ones the reader had left closed.
'use strict';

(function report() {
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
})();
