import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { ManageTabs, uniqueName } from '../pages/manage';

/** Manage › EHR connections (issue 38): the registration form and the list of registered systems. */
class FhirClientsPage {
  constructor(private readonly page: Page) {}

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'EHR connections (FHIR)' });
  }

  form(): Locator {
    return this.page.getByRole('form', { name: 'Register a system' });
  }

  async register(providerService: string, name: string, jwks: string): Promise<void> {
    const form = this.form();
    await form.getByRole('combobox', { name: 'Provider service' }).click();
    await this.page.getByRole('option', { name: providerService }).click();
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Public key set (JWKS)' }).fill(jwks);
    await form.getByRole('button', { name: 'Register' }).click();
  }

  row(name: string): Locator {
    return this.page.getByRole('table', { name: 'Registered systems' }).getByRole('row').filter({ hasText: name });
  }
}

/** What the system's own administrator makes: an ES384 key pair, the public half as a key set. */
function systemKeys() {
  const kid = randomUUID();
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
  const jwks = JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES384', use: 'sig' }] });
  return { kid, privateKey, jwks };
}

/** The system asks for a token with a signed assertion, as SMART Backend Services says. */
async function askForToken(request: APIRequestContext, keys: ReturnType<typeof systemKeys>, clientId: string) {
  const configuration = await request.get('/fhir/R4/.well-known/smart-configuration');
  const { token_endpoint: tokenUrl } = (await configuration.json()) as { token_endpoint: string };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    iss: clientId,
    sub: clientId,
    aud: tokenUrl,
    exp: Math.floor(Date.now() / 1000) + 240,
    jti: randomUUID(),
  };
  const signed = `${encode({ alg: 'ES384', kid: keys.kid, typ: 'JWT' })}.${encode(claims)}`;
  const signature = sign('sha384', Buffer.from(signed), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' });
  return request.post('/fhir/R4/auth/token', {
    form: {
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: `${signed}.${signature.toString('base64url')}`,
      scope: 'system/*.rs',
    },
  });
}

test('an administrator registers an EHR for a provider service, the EHR gets a token, and revoking it ends that', async ({
  page,
  request,
  loginPage,
}) => {
  await loginPage.signInAs('admin');
  await new ManageTabs(page).open('EHR connections');
  const screen = new FhirClientsPage(page);
  await expect(screen.heading()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const keys = systemKeys();
  const name = uniqueName('EHR');
  await screen.register('Northside Memory Clinic -- Neurology', name, keys.jwks);
  const registered = page
    .getByRole('alert')
    .or(page.getByRole('status'))
    .filter({ hasText: `${name} is registered` });
  await expect(registered).toBeVisible();
  const clientIdText = (await registered.getByText(/^Its client ID: /).textContent()) ?? '';
  const clientId = clientIdText.replace('Its client ID: ', '').trim();
  await expect(screen.row(name)).toContainText(clientId);
  await expect(screen.row(name)).toContainText('Active');
  await expectNoSeriousA11yViolations(page);

  // The EHR, with the client ID it was given and its private key, gets a token.
  const granted = await askForToken(request, keys, clientId);
  expect(granted.status()).toBe(200);

  await screen
    .row(name)
    .getByRole('button', { name: `Revoke ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Revoke ${name}?` });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(screen.row(name)).toContainText(/Revoked on/);
  await expect(screen.row(name).getByRole('button')).toHaveCount(0);

  const refused = await askForToken(request, keys, clientId);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
});
