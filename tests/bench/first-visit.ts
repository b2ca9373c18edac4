/**
 * Bytes a first visit (empty cache) actually transfers, as on the wire (compressed when the server compresses),
 * until the page is usable: the sign-in form on /cgm/login (desktop), and the patient link page on a 390×844 phone
 * until its privacy notice is on screen. Counted from Chromium's own network events (encodedDataLength).
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { startDemoServer } from './bench-server';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The demo order link of DESIGN §5: valid on a fresh database. */
export const demoLinkToken = 'DEMO-HOME-0001';

export interface TransferBytes {
  js: number;
  css: number;
  other: number;
  total: number;
  requests: number;
}

export interface FirstVisitResult {
  login: TransferBytes;
  patientLink: TransferBytes;
}

interface RequestRecord {
  type: string;
  bytes: number | null;
}

/**
 * Records every request of the page from the first byte; `settle` waits for the requests that started before the
 * page was ready (their bytes were needed to get there) and ignores those started after.
 */
async function recordTransfers(page: Page): Promise<() => Promise<TransferBytes>> {
  const cdp = await page.context().newCDPSession(page);
  const records = new Map<string, RequestRecord>();
  const waiting: { resolve?: () => void } = {};
  const allDone = () => [...records.values()].every((record) => record.bytes !== null);
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!records.has(event.requestId)) records.set(event.requestId, { type: event.type ?? 'Other', bytes: null });
  });
  cdp.on('Network.responseReceived', (event) => {
    const record = records.get(event.requestId);
    if (record) record.type = event.type;
  });
  const finish = (requestId: string, bytes: number) => {
    const record = records.get(requestId);
    if (record?.bytes === null) record.bytes = bytes;
    if (allDone()) waiting.resolve?.();
  };
  cdp.on('Network.loadingFinished', (event) => {
    finish(event.requestId, event.encodedDataLength);
  });
  cdp.on('Network.loadingFailed', (event) => {
    finish(event.requestId, 0);
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return async () => {
    const started = new Set(records.keys());
    if (!allDone()) {
      await new Promise<void>((resolve) => {
        waiting.resolve = resolve;
        setTimeout(resolve, 30_000);
      });
    }
    const counted = [...records.entries()].filter(([id]) => started.has(id)).map(([, record]) => record);
    const sum = (types: readonly string[] | null) =>
      counted
        .filter((record) => (types ? types.includes(record.type) : !['Script', 'Stylesheet'].includes(record.type)))
        .reduce((total, record) => total + (record.bytes ?? 0), 0);
    const js = sum(['Script']);
    const css = sum(['Stylesheet']);
    const other = sum(null);
    return { js, css, other, total: js + css + other, requests: counted.length };
  };
}

async function loginVisit(browser: Browser, base: string): Promise<TransferBytes> {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const settle = await recordTransfers(page);
    await page.goto(`${base}/cgm/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).waitFor();
    return await settle();
  } finally {
    await context.close();
  }
}

async function patientLinkVisit(browser: Browser, base: string): Promise<TransferBytes> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const settle = await recordTransfers(page);
    await page.goto(`${base}/cgm/patientlogin?token=${demoLinkToken}`);
    const notice = page.getByRole('region', { name: 'Privacy notice for patients' });
    // A PDF notice draws canvases, an HTML one has text: either way something of it is on screen.
    await notice.locator('canvas, p, li').first().waitFor();
    return await settle();
  } finally {
    await context.close();
  }
}

export async function measureFirstVisit(port: number): Promise<FirstVisitResult> {
  const server = await startDemoServer(port);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const login = await loginVisit(browser, server.base);
    const patientLink = await patientLinkVisit(browser, server.base);
    return { login, patientLink };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
/** The budgets are in kB (1,000 bytes): the scripts and styles are given in both units. */
const both = (bytes: number) => `${kib(bytes)} = ${(bytes / 1000).toFixed(1)} kB`;

export function describeTransfer(label: string, bytes: TransferBytes): string {
  return (
    `${label}: ${kib(bytes.total)} transferred (JS ${both(bytes.js)}, CSS ${both(bytes.css)}, ` +
    `other ${kib(bytes.other)}; ${String(bytes.requests)} requests)`
  );
}
