import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { clientLog, type ClientLog } from '../shared/api/client-log';
import { renderApp } from '../shared/testing/render';
import { isChunkLoadError, RouteError } from './route-error';

function Broken(): never {
  throw new Error('raw cause: field x was undefined');
}

const brokenPage = [{ path: '/cgm/broken', Component: Broken, errorElement: <RouteError /> }];
const missingChunk = [
  {
    path: '/cgm/lazy',
    errorElement: <RouteError />,
    lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
  },
];

let error: MockInstance<ClientLog['error']>;
let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  error = vi.spyOn(clientLog, 'error').mockImplementation(() => undefined);
  // React reports the caught render error to the console; the test asserts the page, not that noise.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  error.mockRestore();
  consoleError.mockRestore();
  vi.unstubAllEnvs();
});

describe('RouteError', () => {
  it('shows the catalogue text with Try again and Home instead of the router’s screen, and logs the failure', async () => {
    renderApp(brokenPage, { initialEntries: ['/cgm/broken'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be shown');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/cgm');
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    expect(error.mock.calls).toHaveLength(1);
    expect(error.mock.calls[0]?.[0]).toBe('render.crashed');
    expect(error.mock.calls[0]?.[1]?.error).toBeInstanceOf(Error);
  });

  it('says the page could not be loaded when its code did not download', async () => {
    renderApp(missingChunk, { initialEntries: ['/cgm/lazy'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
    expect(error.mock.calls[0]?.[0]).toBe('route.loadFailed');
    expect(error.mock.calls[0]?.[1]?.error).toBeInstanceOf(TypeError);
  });

  it('reveals the raw error behind DETAILS in a development build', async () => {
    vi.stubEnv('DEV', true);
    renderApp(brokenPage, { initialEntries: ['/cgm/broken'] });
    const details = await screen.findByRole('button', { name: 'Details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/raw cause/)).not.toBeVisible();
    await userEvent.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/raw cause: field x was undefined/)).toBeVisible();
  });

  it('has no DETAILS action in a production build', async () => {
    vi.stubEnv('DEV', false);
    renderApp(brokenPage, { initialEntries: ['/cgm/broken'] });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Details' })).not.toBeInTheDocument();
    expect(screen.queryByText(/raw cause/)).not.toBeInTheDocument();
  });
});

describe('isChunkLoadError', () => {
  it('knows the wordings of Chromium, Firefox and Safari, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch')).toBe(false);
  });
});
