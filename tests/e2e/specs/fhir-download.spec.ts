import { readFile } from 'node:fs/promises';
import type { Bundle } from '@medplum/fhirtypes';
import { validateFhir } from '../../../server/fhir/validation';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/test';
import { GeneralList } from '../pages/manage';

test('a clinician downloads a patient’s record for the EHR, and every resource in it validates on US Core', async ({
  page,
  loginPage,
}) => {
  await loginPage.signInAs('clinician');
  const patients = new GeneralList(page, 'Patients');
  await patients.searchNow('Alvarez');
  await patients.link(/^Rosa M\. Alvarez$/).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rosa M. Alvarez' })).toBeVisible();

  const section = page.getByRole('region', { name: 'For the electronic health record' });
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download for the EHR' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^fhir-patient-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(section.getByRole('status')).toHaveText('The file was downloaded.');

  const bundle = JSON.parse(await readFile(await download.path(), 'utf8')) as Bundle;
  const types = new Set((bundle.entry ?? []).map((entry) => entry.resource?.resourceType));
  expect([...types].sort()).toEqual([
    'Device',
    'DiagnosticReport',
    'Observation',
    'Patient',
    'Practitioner',
    'Provenance',
    'ServiceRequest',
    'Task',
  ]);
  const patient = bundle.entry?.find((entry) => entry.resource?.resourceType === 'Patient')?.resource;
  expect(patient).toMatchObject({ birthDate: '1948-05-17', name: [{ family: 'Alvarez' }] });
  // The same validator the server's own tests use: US Core 6.1.0 profiles and our binding checks.
  expect(await validateFhir(bundle)).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

test('a technician is offered no download for the EHR', async ({ page, loginPage }) => {
  await loginPage.signInAs('technician');
  const patients = new GeneralList(page, 'Patients');
  await patients.searchNow('Alvarez');
  await patients.link(/^Rosa M\. Alvarez$/).click();
  await expect(page.getByRole('heading', { name: 'Assessment orders' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download for the EHR' })).toHaveCount(0);
});
