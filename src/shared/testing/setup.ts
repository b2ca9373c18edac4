import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installDomPolyfills } from './dom-polyfills';

// Every client test file gets them, whichever render helper it uses (Mantine needs matchMedia, scrollIntoView…).
installDomPolyfills();

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
