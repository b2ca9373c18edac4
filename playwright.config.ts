import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4180);
const baseURL = `http://127.0.0.1:${String(port)}`;

/**
 * End-to-end tests drive the built client through the reference server on a fresh in-memory database, in
 * Debian's Chromium (browsers are never downloaded on these machines).
 */
export default defineConfig({
  testDir: 'tests/e2e/specs',
  fullyParallel: true,
  forbidOnly: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry on CI: a test that fails twice still fails; one that passes on its second try is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    // Recording a trace costs every test time; on CI only the retry of a failed test records one (the retry is what
    // shows whether it was flaky), locally every failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `${baseURL}/api/cgm/devops`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // A test setting, not a production one: every worker signs in from 127.0.0.1 many times a minute, so the
    // per-address limits are raised far above what the suite sends (a server test checks the defaults).
    env: {
      PORT: String(port),
      DATA_DIR: 'memory://',
      DEMO: '1',
      HOST: '127.0.0.1',
      RATE_LIMIT_LOGIN: '100000',
      RATE_LIMIT_PATIENT_LOGIN: '100000',
      RATE_LIMIT_FORGOT_PASSWORD: '100000',
      RATE_LIMIT_CONTACT: '100000',
      RATE_LIMIT_CLIENT_LOG: '100000',
      RATE_LIMIT_FHIR_TOKEN: '100000',
      RATE_LIMIT_FHIR_TOKEN_CLIENT: '100000',
      // The reference runner's few-trials form: a whole test in seconds instead of a quarter of an hour.
      RUNNER_FORM: 'demo',
    },
  },
});
