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

  // In the client's report dialog, Escape closes the dialog even while the reader is inside the report: a key
  // pressed in a frame never reaches the page around it, so the page is told (only if it is on this origin).
  // Opened in a tab of its own (an iPhone or an iPad), the page offers its own Print and Download PDF.
  const actions = document.querySelector('.page-actions');
  if (actions instanceof HTMLElement && window.parent === window) {
    actions.hidden = false;
    document.getElementById('print-report')?.addEventListener('click', () => {
      window.print();
    });
  }

  if (window.parent !== window) {
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') window.parent.postMessage({ type: 'report-escape' }, window.location.origin);
    });
  }
})();
