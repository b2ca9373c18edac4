import './app/patient-first-visit-styles';
import './app/global.css';
import { loadAllNamespaces } from './app/i18n';
import { loadAllStyles } from './app/load-all-styles';
import { startPatientApp } from './app/patient-start';
import { whenIdleAfterFirstPage } from './shared/lib/idle';

// Issue 32: patient.html's entry, the patient link page's own start (main.tsx starts every other page).
const root = document.getElementById('root');
// The browser check (inline in patient.html) found this browser unsupported and is already taking it to the not-supported page.
if (root && !window.cgmUnsupportedBrowser) {
  // The patient's next pages need the rest: it loads once the form is on screen and the phone is idle.
  void startPatientApp(root).then(() => {
    whenIdleAfterFirstPage(() => {
      void loadAllStyles();
      void loadAllNamespaces();
    });
  });
}
