import './app/patient-first-visit-styles';
import './app/global.css';
import { loadAllNamespaces } from './app/i18n';
import { loadAllStyles } from './app/load-all-styles';
import { startPatientApp } from './app/patient-start';
import { whenIdleAfterFirstPage } from './shared/lib/idle';

// Issue 32: the patient link page's own start, which index.html runs at that address (build/page-starts-plugin.ts);
// main.tsx starts every other page.
const root = document.getElementById('root');
// The browser check (inline in index.html) found this browser unsupported and is already taking it to the not-supported page.
if (root && !window.cgmUnsupportedBrowser) {
  // The patient's next pages need the rest of the styles and texts: they load once the patient starts using the form
  // (a tap or a key) and the phone is idle, not while the form and its privacy notice are still arriving on a slow
  // network, nor for someone who only looks at the page.
  void startPatientApp(root).then(() => {
    const events = ['pointerdown', 'keydown'] as const;
    const loadTheRest = () => {
      for (const event of events) document.removeEventListener(event, loadTheRest, true);
      whenIdleAfterFirstPage(() => {
        void loadAllStyles();
        void loadAllNamespaces();
      });
    };
    for (const event of events) document.addEventListener(event, loadTheRest, { capture: true, passive: true });
  });
}
