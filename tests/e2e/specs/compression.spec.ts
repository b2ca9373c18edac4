import type { Page, Response } from '@playwright/test';
import { expect, test } from '../fixtures/test';

/** The answers a page received whose path matches, with the headers as they came over the wire. */
function collect(page: Page) {
  const responses: Response[] = [];
  page.on('response', (response) => {
    responses.push(response);
  });
  return async (path: RegExp, resourceType?: string) => {
    const matching = responses.find(
      (response) =>
        path.test(new URL(response.url()).pathname) &&
        (!resourceType || response.request().resourceType() === resourceType),
    );
    expect(matching, `an answer for ${String(path)}`).toBeDefined();
    return matching?.allHeaders() ?? {};
  };
}

function expectCompressed(headers: Record<string, string>): void {
  expect(['br', 'gzip']).toContain(headers['content-encoding']);
  expect(headers.vary?.toLowerCase()).toContain('accept-encoding');
}

test('the browser gets the shell, its scripts, styles, translations and a long API answer compressed', async ({
  page,
  loginPage,
}) => {
  const headersOf = collect(page);
  await page.goto('/cgm/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expectCompressed(await headersOf(/^\/cgm\/login$/, 'document'));
  expectCompressed(await headersOf(/^\/assets\/.+\.js$/, 'script'));
  expectCompressed(await headersOf(/^\/assets\/.+\.css$/, 'stylesheet'));
  expectCompressed(await headersOf(/^\/locales\/en-US\/auth\.json$/));

  const patientList = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith('/api/profile/patients'),
  );
  await loginPage.signIn('clinician@demo.test', 'Demo-Passw0rd!');
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
  // The demo patient list is several kilobytes of JSON.
  expectCompressed(await (await patientList).allHeaders());

  const runnerScript = page.waitForResponse((response) => response.url().endsWith('/runner/assets/runner.js'));
  await page.evaluate(async () => {
    await fetch('/runner/assets/runner.js');
  });
  expectCompressed(await (await runnerScript).allHeaders());
});

test('a client that accepts no compression gets the same files plain', async ({ request }) => {
  const identity = { 'accept-encoding': 'identity' };
  const shell = await request.get('/cgm/login', { headers: identity });
  expect(shell.status()).toBe(200);
  expect(shell.headers()['content-encoding']).toBeUndefined();
  expect(shell.headers().vary?.toLowerCase()).toContain('accept-encoding');
  const html = await shell.text();
  expect(html).toContain('<div id="root">');

  // index.html's start script names the files of the start this address calls for (build/page-starts-plugin.ts).
  const scriptPath = /"entry":"([^"]+)"/.exec(html)?.[1] ?? '';
  const stylePath = /"styles":\["([^"]+)"/.exec(html)?.[1] ?? '';
  expect(scriptPath).toMatch(/^\/assets\/.+\.js$/);
  expect(stylePath).toMatch(/^\/assets\/.+\.css$/);
  for (const path of [scriptPath, stylePath, '/locales/en-US/auth.json', '/runner/assets/runner.js']) {
    const answer = await request.get(path, { headers: identity });
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()['content-encoding'], path).toBeUndefined();
    expect((await answer.body()).length, path).toBeGreaterThan(0);
  }

  const login = await request.post('/api/cgm/login', {
    data: { userName: 'clinician@demo.test', password: 'Demo-Passw0rd!' },
    headers: identity,
  });
  const { authToken } = (await login.json()) as { authToken: string };
  const patients = await request.get('/api/profile/patients', { headers: { ...identity, authToken } });
  expect(patients.status()).toBe(200);
  expect(patients.headers()['content-encoding']).toBeUndefined();
  expect((await patients.body()).length).toBeGreaterThan(1024);
});
