/**
 * The patient list at 10,000 and 100,000 patients (issues 14 and 15): seeds a provider service of its own through
 * the demo route (as an administrator, the only caller the /api/dev routes accept), then measures, in the grid of
 * a signed-in clinician, the time from pressing Enter in the search box to the matching row on screen (the
 * debounce is skipped by Enter, as a person who presses Enter would), and a page change.
 */
import { chromium } from '@playwright/test';
import { administratorHeaders } from './admin-session';
import { startBenchServer, stopBenchServer } from './throughput';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function patientListSearch(
  port: number,
  count: number,
): Promise<{ seedMs: number; searchMs: number[]; nextPageMs: number }> {
  const { child, ready } = startBenchServer(port, { DATA_DIR: 'memory://' });
  const base = `http://127.0.0.1:${String(port)}`;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    await ready;
    const seedStart = performance.now();
    const seeded = await fetch(`${base}/api/dev/bench-patients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await administratorHeaders(base)) },
      body: JSON.stringify({ count }),
    });
    if (!seeded.ok) throw new Error(`bench seed failed: ${String(seeded.status)}`);
    const seedMs = performance.now() - seedStart;
    const { userName } = (await seeded.json()) as { userName: string };

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/cgm`);
    await page.getByRole('textbox', { name: 'Email' }).fill(userName);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo-Passw0rd!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const list = page.getByRole('region', { name: 'Patients' });
    await list.getByRole('button', { name: 'Grid' }).click();
    await list.getByText(`1–25 of ${count.toLocaleString('en-US')}`).waitFor({ timeout: 120_000 });

    const nextStart = performance.now();
    await list.getByRole('button', { name: 'Next page' }).click();
    await list.getByText(`26–50 of ${count.toLocaleString('en-US')}`).waitFor({ timeout: 120_000 });
    const nextPageMs = performance.now() - nextStart;

    const searchBox = list.getByRole('searchbox', { name: 'Search Patients' });
    const searchMs: number[] = [];
    for (const number of [4242, 17, 9999, 5000, 123, 7777, 2600]) {
      const name = `Benchmark${String(number).padStart(5, '0')}`;
      await searchBox.fill(name);
      const start = performance.now();
      await searchBox.press('Enter');
      await list.getByRole('link', { name: new RegExp(`${name}$`) }).waitFor({ timeout: 120_000 });
      searchMs.push(performance.now() - start);
    }
    return { seedMs, searchMs, nextPageMs };
  } finally {
    await browser.close();
    await stopBenchServer(child);
  }
}
