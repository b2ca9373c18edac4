import './app/first-visit-styles';
import './app/global.css';
import { loadAllNamespaces } from './app/i18n';
import { loadAllStyles } from './app/load-all-styles';
import { startApp } from './app/start';
import { whenIdleAfterFirstPage } from './shared/lib/idle';

const root = document.getElementById('root');
// The browser check (inline in index.html) found this browser unsupported and is already taking it to the not-supported page.
if (root && !window.cgmUnsupportedBrowser) {
  // Only once the first page is rendered: an idle moment while start-up waits on the network comes too early.
  void startApp(root).then(() => {
    whenIdleAfterFirstPage(() => {
      void loadAllStyles();
      void loadAllNamespaces();
    });
  });
}
