import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, patientListSchema, patientProfileSchema, technicianProfileSchema } from '#common/contract';
import { findUsableAccountToken, markAccountTokenUsed } from '../testing/stored';
import { demoAccounts } from '../seed/seed';
import { callApi, createTestUser, loginAs, postJson } from '../testing/test-app';
import { useSignedInApp } from '../testing/signed-in-app';
import { addTestTechnician, linkToken, outboxLinksTo } from '../testing/test-accounts';
import { addTestPatient } from '../testing/test-patients';

const testApp = useSignedInApp();
const { tokens } = testApp;

/** Spec §7 POST /profiles/deactivateaccount or reactivateaccount, as `token`. */
const setAccountState = (
  action: 'deactivate' | 'reactivate',
  token: string,
  userId: number,
  profileType: 'patient' | 'clinician' | 'technician',
) => callApi(testApp.app, 'POST', `/api/profiles/${action}account`, token, { userId, profileType });
const addTechnician = () => addTestTechnician(testApp.app, tokens.admin, 'Tess');
const linksTo = (email: string) => outboxLinksTo(testApp.app, email);

describe('deactivate and reactivate (spec §7)', () => {
  it('lets cops deactivate a technician, which ends their session, and reactivate them', async () => {
    const id = await createTestUser(testApp.db, {
      email: 'tech.to.deactivate@example.test',
      loginRole: 'Healthcare Technician',
    });
    const session = await loginAs(testApp.app, 'tech.to.deactivate@example.test');
    const off = await setAccountState('deactivate', tokens.admin, id, 'technician');
    expect(off.json()).toEqual({ success: true });
    const read = await callApi(testApp.app, 'GET', `/api/profile/technicians/${String(id)}`, tokens.admin);
    expect(technicianProfileSchema.parse(read.json()).isDisabled).toBe(true);
    expect((await postJson(testApp.app, '/api/cgm/login/validate', { token: session })).statusCode).toBe(401);
    // Only cops see a disabled profile.
    expect(
      (await callApi(testApp.app, 'GET', `/api/profile/technicians/${String(id)}`, tokens.clinician)).statusCode,
    ).toBe(404);

    const on = await setAccountState('reactivate', tokens.admin, id, 'technician');
    expect(on.statusCode).toBe(200);
    const again = await callApi(testApp.app, 'GET', `/api/profile/technicians/${String(id)}`, tokens.clinician);
    expect(technicianProfileSchema.parse(again.json()).isDisabled).toBe(false);
  });

  it('refuses a clinician deactivating a patient or a colleague (403), and a wrong profile type (404)', async () => {
    const patients = await callApi(testApp.app, 'GET', '/api/profile/patients?take=1', tokens.clinician);
    const patientId = patientListSchema.parse(patients.json()).dataList[0]!.id;
    const asClinician = await setAccountState('deactivate', tokens.clinician, patientId, 'patient');
    expect(asClinician.statusCode).toBe(403);
    const colleague = await setAccountState('deactivate', tokens.technician, 2, 'clinician');
    expect(colleague.statusCode).toBe(403);
    const wrongType = await setAccountState('deactivate', tokens.admin, 3, 'clinician');
    expect(wrongType.statusCode).toBe(404);
    const badBody = await callApi(testApp.app, 'POST', '/api/profiles/deactivateaccount', tokens.admin, {
      userId: 'x',
      profileType: 'cops',
    });
    expect(badBody.statusCode).toBe(400);
    expect(apiErrorBodySchema.parse(badBody.json()).fields?.map((field) => field.path)).toEqual([
      'userId',
      'profileType',
    ]);
  });

  it('lets cops deactivate and reactivate a patient', async () => {
    const created = await addTestPatient(testApp.app, tokens.clinician, {
      firstName: 'Dora',
      lastName: 'Deactivated',
      dateOfBirth: '1944-04-04',
    });
    const patientId = patientProfileSchema.parse(created.json()).id;
    expect((await setAccountState('deactivate', tokens.admin, patientId, 'patient')).statusCode).toBe(200);
    expect(
      (await callApi(testApp.app, 'GET', `/api/profile/patients/${String(patientId)}`, tokens.clinician)).statusCode,
    ).toBe(404);
    expect((await setAccountState('reactivate', tokens.admin, patientId, 'patient')).statusCode).toBe(200);
    expect(
      (await callApi(testApp.app, 'GET', `/api/profile/patients/${String(patientId)}`, tokens.clinician)).statusCode,
    ).toBe(200);
  });
});

describe('setup and reset links', () => {
  it('resends the setup link, and only the newest link works', async () => {
    const technician = await addTechnician();
    const [firstLink] = await linksTo(technician.email);
    const response = await callApi(testApp.app, 'POST', '/api/profiles/resendsetupaccountlink', tokens.admin, {
      userEmail: technician.email.toUpperCase(),
      healthcareProfileId: technician.id,
      profileType: 'technician',
    });
    expect(response.json()).toEqual({ success: true });
    const links = await linksTo(technician.email);
    expect(links).toHaveLength(2);
    const newest = links[0]!;
    expect(newest).not.toBe(firstLink);
    expect(await findUsableAccountToken(testApp.db, linkToken(firstLink!), 'SETUP')).toBeNull();
    const usable = await findUsableAccountToken(testApp.db, linkToken(newest), 'SETUP');
    expect(usable?.userId).toBe(technician.id);
    expect(await findUsableAccountToken(testApp.db, linkToken(newest), 'RESET')).toBeNull();
    expect(await markAccountTokenUsed(testApp.db, usable!.id)).toBe(true);
    expect(await markAccountTokenUsed(testApp.db, usable!.id)).toBe(false);
    expect(await findUsableAccountToken(testApp.db, linkToken(newest), 'SETUP')).toBeNull();
  });

  it('does not resend a setup link to an account already set up, or for a mismatched email', async () => {
    const done = await callApi(testApp.app, 'POST', '/api/profiles/resendsetupaccountlink', tokens.admin, {
      userEmail: demoAccounts.technician,
      healthcareProfileId: 3,
      profileType: 'technician',
    });
    expect(apiErrorBodySchema.parse(done.json()).code).toBe('SETUP_COMPLETE');
    const mismatch = await callApi(testApp.app, 'POST', '/api/profiles/resendsetupaccountlink', tokens.admin, {
      userEmail: demoAccounts.clinician,
      healthcareProfileId: 3,
      profileType: 'technician',
    });
    expect(mismatch.statusCode).toBe(404);
    const asTechnician = await callApi(testApp.app, 'POST', '/api/profiles/resendsetupaccountlink', tokens.technician, {
      userEmail: demoAccounts.technician,
      healthcareProfileId: 3,
      profileType: 'technician',
    });
    expect(asTechnician.statusCode).toBe(403);
  });

  it('explains a refusal in the language the staff screen asks for', async () => {
    const body = { userEmail: demoAccounts.technician, healthcareProfileId: 3, profileType: 'technician' };
    const ask = async (acceptLanguage?: string) =>
      apiErrorBodySchema.parse(
        (
          await testApp.app.inject({
            method: 'POST',
            url: '/api/profiles/resendsetupaccountlink',
            headers: {
              authToken: tokens.admin,
              'content-type': 'application/json',
              ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
            },
            payload: JSON.stringify(body),
          })
        ).json(),
      );
    expect(await ask('fr-FR')).toEqual({
      code: 'SETUP_COMPLETE',
      message: 'Le compte est déjà configuré\u202f; envoyez plutôt un lien de réinitialisation du mot de passe.',
    });
    expect((await ask('es-US')).message).toBe(
      'La cuenta ya está configurada; envíe en su lugar un enlace para restablecer la contraseña.',
    );
    // A caller that names no language of ours reads English.
    expect((await ask('de-DE')).message).toBe('The account is already set up; send a password reset link instead.');
    expect((await ask()).message).toBe('The account is already set up; send a password reset link instead.');
  });

  it('sends a reset link to a set-up account: outbox email, hashed RESET token', async () => {
    const email = 'reset.me@example.test';
    const id = await createTestUser(testApp.db, { email, loginRole: 'Healthcare Clinician' });
    const response = await callApi(testApp.app, 'POST', '/api/profiles/sendresetpasswordlink', tokens.admin, {
      userEmail: email,
    });
    expect(response.json()).toEqual({ success: true });
    const [link] = await linksTo(email);
    expect(link).toMatch(/^http:\/\/localhost:8080\/cgm\/setupaccountresetmypassword\?token=[\w-]+$/);
    expect((await findUsableAccountToken(testApp.db, linkToken(link!), 'RESET'))?.userId).toBe(id);
  });

  it('refuses a reset link for a new account, an unknown email, or a caller without the entitlement', async () => {
    const technician = await addTechnician();
    const fresh = await callApi(testApp.app, 'POST', '/api/profiles/sendresetpasswordlink', tokens.admin, {
      userEmail: technician.email,
    });
    expect(apiErrorBodySchema.parse(fresh.json()).code).toBe('SETUP_INCOMPLETE');
    const unknown = await callApi(testApp.app, 'POST', '/api/profiles/sendresetpasswordlink', tokens.admin, {
      userEmail: 'nobody@example.test',
    });
    expect(unknown.statusCode).toBe(404);
    const asClinician = await callApi(testApp.app, 'POST', '/api/profiles/sendresetpasswordlink', tokens.clinician, {
      userEmail: demoAccounts.technician,
    });
    expect(asClinician.statusCode).toBe(403);
    const invalid = await callApi(testApp.app, 'POST', '/api/profiles/sendresetpasswordlink', tokens.admin, {
      userEmail: 'not an email',
    });
    expect(apiErrorBodySchema.parse(invalid.json()).fields).toEqual([
      { path: 'userEmail', message: 'VALID_EMAIL_SHOULD_BE_VALID' },
    ]);
  });
});
