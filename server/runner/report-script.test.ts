// @vitest-environment jsdom
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const script = readFile(path.join(import.meta.dirname, 'public', 'report.js'), 'utf8');

/** What the test touches of the browser's window (jsdom here; the server's types have no DOM). */
interface PageWindow {
  history: { replaceState(data: null, unused: string, url: string): void };
  sessionStorage: { setItem(key: string, value: string): void; clear(): void };
  location: { origin: string };
  eval(code: string): unknown;
  document: {
    body: { innerHTML: string };
    querySelector(selector: string): { textContent: string | null } | null;
  };
}
const page = globalThis as unknown as PageWindow;

/** The report page opened without a token (its shell), then its script run as the browser would run it. */
async function openShell(dataHost: string | null) {
  page.history.replaceState(null, '', '/report/?patientId=5&hostEnvironment=https%3A%2F%2Fother.example&locale=en-US');
  page.sessionStorage.setItem('storetoken.cgm', 'session-token');
  const host = dataHost === null ? '' : ` data-host="${dataHost}"`;
  page.document.body.innerHTML = `<main id="main" data-report-session data-failed="Not available"${host}><p role="status">Loading</p></main>`;
  const fetchReport = vi.fn<(address: string, init?: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(new Response('<main id="main"><h1>Cognitive report</h1></main>')),
  );
  vi.stubGlobal('fetch', fetchReport);
  page.eval(await script);
  await vi.waitFor(() => {
    expect(page.document.querySelector('h1')?.textContent).toBe('Cognitive report');
  });
  return fetchReport;
}

afterEach(() => {
  vi.unstubAllGlobals();
  page.sessionStorage.clear();
});

describe('the report page opened without a token reads from the configured host (issue 37)', () => {
  it('asks the API host the configuration names, with the session, whatever host its address names', async () => {
    const fetchReport = await openShell('https://api.clinic.example');
    expect(fetchReport).toHaveBeenCalledWith(
      'https://api.clinic.example/report/content?patientId=5&hostEnvironment=https%3A%2F%2Fother.example&locale=en-US',
      expect.objectContaining({ headers: { authToken: 'session-token' } }),
    );
  });

  it('asks its own origin when the configuration names no host', async () => {
    const fetchReport = await openShell(null);
    expect(fetchReport.mock.calls[0]?.[0]).toBe(
      `${page.location.origin}/report/content?patientId=5&hostEnvironment=https%3A%2F%2Fother.example&locale=en-US`,
    );
  });
});
