// Issue 37: account administration and provider services against an API with the calls of spec §7 only
// (API_SURFACE=spec): an administrator adds a staff account, edits it, resends its setup link, deactivates and
// reactivates it, sends a reset link to a set-up account, and adds and edits a provider service. Every action is one
// of the spec's calls, and no request of the client goes beyond spec §7 other than the question whether the API has
// an extra.
import { latestLink, uniqueEmail } from '../fixtures/accounts';
import { beyondSpec, callsOf, expectNoError, expect, test } from '../fixtures/spec-surface';
import { expectNoSeriousA11yViolations } from '../fixtures/test';
import { LoginPage } from '../pages/login-page';
import { GeneralList, ManageTabs, ProfileDialog, uniqueName } from '../pages/manage';
import { ProviderServicesPage } from '../pages/provider-services-page';

test.describe('administration on an API with the calls of spec §7 only (issue 37)', () => {
  test('an administrator adds a technician, edits the profile, resends the setup link, deactivates and reactivates the account', async ({
    browser,
    specSurface,
  }) => {
    test.slow();
    const lastName = uniqueName('Specstaff');
    const email = uniqueEmail('spec.staff');
    const { context, requests } = await specSurface.newRecordedContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).signInAs('admin');
    await new ManageTabs(page).open('Technicians');
    await expect(page.getByRole('heading', { level: 1, name: 'Technicians' })).toBeVisible();
    await expectNoError(page);

    // Add: the account is created and sent its setup link.
    await page.getByRole('link', { name: 'Add Technician' }).click();
    const dialog = new ProfileDialog(page);
    await expect(dialog.dialog()).toHaveAccessibleName('Add Technician');
    await dialog.fillStaff({
      providerService: 'Northside Memory Clinic -- Neurology',
      firstName: 'Robin',
      lastName,
      email,
    });
    await dialog.save();
    await expect(page.getByRole('heading', { level: 1, name: `Robin ${lastName}` })).toBeVisible();
    expect(await latestLink(specSurface.api, email, 'setupaccount')).toContain('/cgm/setupaccount?token=');

    // Resend the setup link: the account has no password yet.
    await expect(page.getByRole('button', { name: 'Send reset password link' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Resend account setup link' }).click();
    await expect(page.getByText(`An account setup link was sent to ${email}.`)).toBeVisible();
    await expectNoError(page);
    await expectNoSeriousA11yViolations(page);

    // Edit.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(dialog.dialog()).toHaveAccessibleName('Edit Technician');
    await dialog.textbox('First name').fill('Robyn');
    await dialog.save();
    await expect(page.getByRole('heading', { level: 1, name: `Robyn ${lastName}` })).toBeVisible();
    const name = `Robyn ${lastName}`;

    // Deactivate: back to the list, where the account shows as deactivated.
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page
      .getByRole('dialog', { name: `Deactivate ${name}?` })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await expect(page).toHaveURL(/\/cgm\/manage\/technicians$/);
    const technicians = new GeneralList(page, 'Technicians');
    await technicians.searchNow(lastName);
    await expect(technicians.region().getByText('Deactivated')).toBeVisible();
    await technicians.link(name).click();
    await expect(page.getByText('Deactivated', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);

    // Reactivate.
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await page
      .getByRole('dialog', { name: `Reactivate ${name}?` })
      .getByRole('button', { name: 'Reactivate' })
      .click();
    await expect(page).toHaveURL(/\/cgm\/manage\/technicians$/);
    await technicians.searchNow(lastName);
    await technicians.link(name).click();
    await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(page.getByText('Deactivated', { exact: true })).toHaveCount(0);
    await expectNoError(page);

    // A set-up account gets a reset link instead.
    await new ManageTabs(page).open('Clinicians');
    const clinicians = new GeneralList(page, 'Clinicians');
    await clinicians.searchNow('Okafor');
    await clinicians.link('James Okafor').click();
    await page.getByRole('button', { name: 'Send reset password link' }).click();
    await expect(page.getByText('A password reset link was sent to clinician2@demo.test.')).toBeVisible();
    expect(await latestLink(specSurface.api, 'clinician2@demo.test', 'setupaccountresetmypassword')).toContain(
      '/cgm/setupaccountresetmypassword?token=',
    );
    await expectNoError(page);
    await context.close();

    expect(callsOf(requests)).toEqual(
      expect.arrayContaining([
        'POST /api/profile/technicians',
        'PUT /api/profile/technicians',
        'POST /api/profiles/resendsetupaccountlink',
        'POST /api/profiles/deactivateaccount',
        'POST /api/profiles/reactivateaccount',
        'POST /api/profiles/sendresetpasswordlink',
      ]),
    );
    expect(beyondSpec(requests)).toEqual([]);
  });

  test('an administrator adds a provider service and edits it', async ({ browser, specSurface }) => {
    const { context, requests } = await specSurface.newRecordedContext(browser);
    const page = await context.newPage();
    const providerServices = new ProviderServicesPage(page);
    const providerName = `Harborview Clinic ${uniqueName('Spec')}`;
    const mergedName = `${providerName} -- Memory Care`;
    await new LoginPage(page).signInAs('admin');
    await expect(providerServices.heading('Provider Services')).toBeVisible();
    await expect(providerServices.recordsCount()).toContainText(/\d+ records? found/);
    await expectNoError(page);

    await providerServices.startAdding();
    await providerServices.fillNames(providerName, 'Memory Care');
    await providerServices.chooseReportType('Standard cognitive report');
    await providerServices.chooseDeliveryMethod('In clinic');
    await providerServices.battery('Full assessment').check();
    await providerServices.language('United States - English').check();
    await expect(providerServices.defaultLanguage('United States - English')).toBeChecked();
    await expectNoError(page);
    await providerServices.saveButton().click();
    await expect(page).toHaveURL(/\/cgm\/manage\/cops$/);
    await expect(page.getByText(`Provider service ${mergedName} added.`)).toBeVisible();

    await providerServices.search(providerName);
    await expect(providerServices.recordsCount()).toHaveText('1 record found');
    await providerServices.openEdit(mergedName);
    await expect(providerServices.language('United States - English')).toBeDisabled();
    await providerServices.language('United States - Spanish').check();
    await providerServices.defaultLanguage('United States - Spanish').check();
    await providerServices.chooseDeliveryMethod('Both');
    await providerServices.saveButton().click();
    await expect(page.getByText(`Provider service ${mergedName} saved.`)).toBeVisible();
    await providerServices.search(providerName);
    await expect(providerServices.row(mergedName).getByRole('cell')).toHaveText([
      mergedName,
      'Standard cognitive report',
      'Out-Of-Clinic, In-Clinic',
      'United States - Spanish',
      'Edit',
    ]);
    await expectNoError(page);
    await context.close();

    const calls = callsOf(requests);
    expect(calls).toContain('POST /api/cgm/providerservices');
    expect(calls.some((call) => /^PUT \/api\/cgm\/providerservices\/\d+$/.test(call))).toBe(true);
    expect(beyondSpec(requests)).toEqual([]);
  });
});
