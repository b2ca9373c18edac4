import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { installDomPolyfills } from './dom-polyfills';

// Every client test file gets them, whichever render helper it uses (Mantine needs matchMedia, scrollIntoView…).
installDomPolyfills();

// Every test starts on real timers, whatever the one before it faked.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
