import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let testApp: TestApp;
let clientDir: string;

const html =
  '<!doctype html><html lang="en-US"><head><title>client</title></head>' +
  '<body><div id="root"><!--start-screen--><p>Loading</p><!--/start-screen--></div></body></html>';
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'cgm-index-page-'));
  writeFileSync(path.join(clientDir, 'index.html'), html);
  cpSync(path.join(import.meta.dirname, '..', '..', 'locales'), path.join(clientDir, 'locales'), { recursive: true });
  testApp = await createTestApp({ clientDir, locale: 'fr-FR' });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.close();
  rmSync(clientDir, { recursive: true, force: true });
});

async function page(url: string, acceptLanguage?: string): Promise<string> {
  const response = await testApp.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-encoding': 'br', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-encoding']).toBe('br');
  expect(String(response.headers.vary)).toContain('Accept-Encoding');
  return brotliDecompressSync(response.rawPayload).toString('utf8');
}

describe('index.html of a first visit', () => {
  it("names the configured language's first translations, so they download beside the scripts", async () => {
    for (const url of ['/', '/cgm/login', '/cgm/manage/patients?x=1']) {
      const body = await page(url);
      for (const namespace of ['common', 'shell', 'auth']) {
        expect(body).toContain(
          `<link rel="preload" as="fetch" crossorigin="anonymous" href="/locales/fr-FR/${namespace}.json">`,
        );
      }
      expect(body).not.toContain('/locales/fr-FR/assessments.json');
    }
  });

  it("names the patient link page's texts on that page only", async () => {
    const body = await page('/cgm/patientlogin?token=DEMO-HOME-0001');
    // Its code and styles are those index.html's own start script chooses for the address (build/page-starts-plugin.ts).
    expect(body).not.toContain('modulepreload');
    expect(body).toContain('href="/locales/fr-FR/assessments.json"');
    expect(body).toContain('href="/locales/fr-FR/privacy-policy.json"');
    // The sign-in page's texts are not on this page.
    expect(body).toContain('href="/locales/fr-FR/shell.json"');
    expect(body).not.toContain('/locales/fr-FR/auth.json');
    // The links go in the head, before the body.
    expect(body.indexOf('/locales/fr-FR/assessments.json')).toBeLessThan(body.indexOf('</head>'));
  });

  it('speaks the configured language from its first paint', async () => {
    for (const url of ['/cgm/login', '/cgm/patientlogin?token=DEMO-HOME-0001']) {
      expect(await page(url)).toContain('<html lang="fr-FR">');
    }
  });

  it("shows the patient link page's heading and what the link is for before any script has arrived", async () => {
    const body = await page('/cgm/patientlogin?token=DEMO-HOME-0001');
    const root = body.slice(body.indexOf('<div id="root">'));
    // In every interface language (the browser check shows the one this browser chose), escaped.
    expect(root).toContain('<h1 class="cgm-start-title" lang="fr-FR">Confirmez vos informations</h1>');
    expect(root).toContain('<h1 class="cgm-start-title" lang="en-US">Confirm your details</h1>');
    expect(root).toContain('<p class="cgm-start-intro" lang="es-US">Su clínica le envió este enlace');
    expect(root).toContain('<span lang="fr-FR">Chargement</span>');
    expect(root).not.toContain('<p>Loading</p>');
    // Every other page keeps the general start screen.
    expect(await page('/cgm/login')).toContain('<p>Loading</p>');
  });

  it("opens the patient link page in the browser's language when it is one of ours (issue 32)", async () => {
    const spanish = await page('/cgm/patientlogin?token=DEMO-HOME-0001', 'es-MX,es;q=0.9,en;q=0.5');
    expect(spanish).toContain('<html lang="es-US">');
    expect(spanish).toContain('href="/locales/es-US/assessments.json"');
    expect(spanish).not.toContain('/locales/fr-FR/');
    // None of ours: the configured language; a staff page keeps the configured language whatever the browser's.
    expect(await page('/cgm/patientlogin?token=DEMO-HOME-0001', 'de-DE,de;q=0.9')).toContain('<html lang="fr-FR">');
    expect(await page('/cgm/login', 'es-US')).toContain('<html lang="fr-FR">');
  });

  it('leaves /index.html as built, for the service worker to precache', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/index.html' });
    expect(response.body).toBe(html);
  });
});
