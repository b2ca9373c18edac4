import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { providerServiceInputSchema, type ProviderService } from '#common/contract';
import { AddProviderServicePage, EditProviderServicePage } from './provider-service-edit-pages';
import { apiError, renderFeature, withReferences, type HttpCall } from './testing';

// Mantine forms in jsdom are slow on a busy machine; these tests wait on behaviour, not on time.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllEnvs();
});

const listPage = { path: '/cgm/manage/cops', element: <h1>Provider Services</h1> };

function renderAdd(answer: (call: HttpCall) => unknown) {
  return renderFeature([{ path: '/cgm/manage/addproviderservice', element: <AddProviderServicePage /> }, listPage], {
    initialPath: '/cgm/manage/addproviderservice',
    script: withReferences(answer),
  });
}

const saved: ProviderService = {
  linkExpiryDays: 14,
  reminderAfterDays: 3,
  id: 9,
  provider: { id: 4, name: 'Harbor Clinic' },
  service: { id: 5, name: 'Memory' },
  reportType: { id: 1, name: 'Standard cognitive report' },
  deliveryMethod: 'SITE',
  supportedAssessmentOrderTypes: [{ id: 'SITE', name: 'In-Clinic', isDefault: true, displayOrder: 2 }],
  supportedAssessmentLanguages: [
    { id: 'en-US', localityId: 'en-US', name: 'United States - English', isDefault: false },
    { id: 'fr-FR', localityId: 'fr-FR', name: 'France - French', isDefault: true },
  ],
  defaultAssessmentLanguage: 'fr-FR',
  supportedBatteryTypes: [{ code: 'FullCBB', name: 'Full assessment', isDefault: true }],
  configurationsToggledBatteryTypes: { 'Full assessment': true, 'Memory assessment': false },
  workflowDef: 'cgm-cbb',
  battery: 'FullCBB',
};

async function fillValidAdd(user: ReturnType<typeof userEvent.setup>) {
  // Pasted, not typed key by key: the same change for the form, and fast in jsdom.
  await user.click(await screen.findByRole('textbox', { name: 'Provider name' }));
  await user.paste('Harbor Clinic');
  await user.click(screen.getByRole('textbox', { name: 'Service name' }));
  await user.paste('Memory');
  await user.click(screen.getByRole('combobox', { name: 'Report type' }));
  await user.click(await screen.findByRole('option', { name: 'Standard cognitive report', hidden: true }));
  await user.click(screen.getByRole('radio', { name: 'In clinic' }));
  await user.click(screen.getByRole('checkbox', { name: /Full assessment/ }));
  await user.click(screen.getByRole('checkbox', { name: 'United States - English' }));
  await user.click(screen.getByRole('checkbox', { name: 'France - French' }));
  await user.click(screen.getByRole('radio', { name: 'Default language: France - French' }));
}

/** Fills the add form in validly and saves it; the alert that says the server refused the save. */
async function refusedAdd(user: ReturnType<typeof userEvent.setup>) {
  await fillValidAdd(user);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('alert', { name: 'Not saved' });
}

describe('AddProviderServicePage', () => {
  it('keeps Save disabled, saying why, until a language, a default and a battery are chosen', async () => {
    const user = userEvent.setup();
    renderAdd(() => saved);
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByText('Select at least one language to save.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'United States - Spanish' }));
    expect(screen.getByText('Select at least one battery to save.')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Memory assessment/ }));
    expect(save).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /Memory assessment/ }));
    expect(save).toBeDisabled();
  });

  it("toggles every language with 'All languages' and keeps one default", async () => {
    const user = userEvent.setup();
    renderAdd(() => saved);
    await user.click(await screen.findByRole('checkbox', { name: 'All languages' }));
    for (const name of ['United States - English', 'United States - Spanish', 'France - French']) {
      expect(screen.getByRole('checkbox', { name })).toBeChecked();
    }
    expect(screen.getByRole('radio', { name: 'Default language: United States - English' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'United States - English' }));
    // The default moves to the first selected language.
    expect(screen.getByRole('radio', { name: 'Default language: United States - Spanish' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Default language: United States - English' })).toBeDisabled();
  });

  it('sends what was chosen, then returns to the list', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderAdd(() => saved);
    await fillValidAdd(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/cgm/manage/cops');
    });
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/cgm/providerservices',
      body: {
        providerName: 'Harbor Clinic',
        serviceName: 'Memory',
        reportTypeId: 1,
        deliveryMethod: 'SITE',
        batteryCodes: ['FullCBB'],
        localities: [
          { localityId: 'en-US', isDefault: false },
          { localityId: 'fr-FR', isDefault: true },
        ],
        linkExpiryDays: 14,
        reminderAfterDays: 3,
        contactPhone: '',
      },
    });
  });

  it('says (translated, not the server English) that the pair exists, flags both names and keeps what was typed', async () => {
    // What a production build shows: a development one also keeps the server's English behind DETAILS.
    vi.stubEnv('DEV', false);
    const user = userEvent.setup();
    renderAdd((call) => {
      if (call.method === 'POST') {
        throw apiError(
          409,
          'DUPLICATE_PROVIDER_SERVICE',
          'The provider service "Harbor Clinic -- Memory" already exists.',
        );
      }
      return saved;
    });
    const alert = await refusedAdd(user);
    expect(alert).toHaveTextContent('This provider already offers this service');
    expect(alert).not.toHaveTextContent('already exists');
    expect(screen.getAllByText('This provider already offers this service')).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: 'Provider name' })).toHaveValue('Harbor Clinic');
    expect(screen.getByRole('checkbox', { name: 'France - French' })).toBeChecked();
  });

  // Issue 37: the server answers with the contract's rules; their messages are keys the form translates.
  it('says in the interface language why the server refused the languages', async () => {
    const user = userEvent.setup();
    renderAdd((call) => {
      if (call.method === 'POST') {
        const twoDefaults = providerServiceInputSchema.safeParse({
          ...(call.body as object),
          localities: [
            { localityId: 'en-US', isDefault: true },
            { localityId: 'fr-FR', isDefault: true },
          ],
        });
        const fields = (twoDefaults.error?.issues ?? []).map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        }));
        throw apiError(400, 'VALIDATION', 'Request validation failed', fields);
      }
      return saved;
    });
    expect(await refusedAdd(user)).toHaveTextContent('Choose exactly one default language');
  });

  it('falls back to TEXT_PROVIDER_SERVICES_ERROR_SAVING when the server gives no message', async () => {
    const user = userEvent.setup();
    renderAdd((call) => {
      if (call.method === 'POST') throw apiError(500, 'INTERNAL', 'Something went wrong on the server');
      return saved;
    });
    expect(await refusedAdd(user)).toHaveTextContent('The provider service could not be saved. Please try again.');
  });

  it('disables Save while saving', async () => {
    const user = userEvent.setup();
    let release: (value: unknown) => void = () => undefined;
    renderAdd((call) =>
      call.method === 'POST'
        ? new Promise((resolve) => {
            release = resolve;
          })
        : saved,
    );
    await fillValidAdd(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    });
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    release(saved);
  });

  it('shows the required-field messages when names and report type are missing', async () => {
    const user = userEvent.setup();
    const { calls } = renderAdd(() => saved);
    await user.click(await screen.findByRole('checkbox', { name: /Full assessment/ }));
    await user.click(screen.getByRole('checkbox', { name: 'United States - English' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Provider name is required')).toBeInTheDocument();
    expect(screen.getByText('Service name is required')).toBeInTheDocument();
    expect(screen.getByText('Report type is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('names each number of days’ own bounds when it is left empty, and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderAdd(() => saved);
    await fillValidAdd(user);
    for (const name of ['Days the patient’s link works', 'Days before a reminder']) {
      await user.clear(screen.getByRole('textbox', { name }));
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from 1 to 365')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number from 1 to 60')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Days before a reminder' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('describes every required field as required (spec §5 TEXT_FIELD_REQUIRED)', async () => {
    renderAdd(() => saved);
    for (const field of [
      await screen.findByRole('textbox', { name: 'Provider name' }),
      screen.getByRole('textbox', { name: 'Service name' }),
      screen.getByRole('combobox', { name: 'Report type' }),
    ]) {
      expect(field).toHaveAccessibleDescription('This field is required');
    }
    expect(screen.getByRole('group', { name: /Batteries/ })).toHaveAccessibleDescription(/This field is required/);
  });
});

describe('EditProviderServicePage', () => {
  function renderEdit(answer: (call: HttpCall) => unknown) {
    return renderFeature(
      [{ path: '/cgm/manage/editproviderservice/:providerServiceId', element: <EditProviderServicePage /> }, listPage],
      { initialPath: '/cgm/manage/editproviderservice/9', script: withReferences(answer) },
    );
  }

  it('locks the languages added before and lets new ones be added', async () => {
    const user = userEvent.setup();
    const { calls } = renderEdit(() => saved);
    expect(await screen.findByRole('textbox', { name: 'Provider name' })).toHaveValue('Harbor Clinic');
    const english = screen.getByRole('checkbox', { name: 'United States - English' });
    expect(english).toBeChecked();
    expect(english).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Default language: France - French' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'United States - Spanish' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'PUT')).toBe(true);
    });
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/cgm/providerservices/9',
      body: {
        localities: [
          { localityId: 'en-US', isDefault: false },
          { localityId: 'es-US', isDefault: false },
          { localityId: 'fr-FR', isDefault: true },
        ],
      },
    });
  });

  it('disables Save when every battery is unticked', async () => {
    const user = userEvent.setup();
    renderEdit(() => saved);
    await user.click(await screen.findByRole('checkbox', { name: /Full assessment/ }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('says the provider service could not be loaded when the fetch fails', async () => {
    renderEdit(() => {
      throw apiError(404, 'NOT_FOUND', 'Provider service not found');
    });
    expect(await screen.findByText('The provider service could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the provider services' })).toHaveAttribute(
      'href',
      '/cgm/manage/cops',
    );
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

describe('the phone number for patients (issue 32)', () => {
  it('is optional, formats ten digits as NNN-NNN-NNNN when left, and is sent', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderAdd(() => saved);
    await fillValidAdd(user);
    const phone = screen.getByRole('textbox', { name: 'Phone number for patients' });
    expect(phone).not.toBeRequired();
    expect(phone).toHaveAccessibleDescription(/Printed on the patient’s letter and in their emails\. Optional\./);
    await user.click(phone);
    await user.paste('3125550147');
    await user.tab();
    expect(phone).toHaveValue('312-555-0147');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/cgm/manage/cops');
    });
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ contactPhone: '312-555-0147' });
  });

  it('refuses a number that is not a US phone, saying what is wanted, and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderAdd(() => saved);
    await fillValidAdd(user);
    const phone = screen.getByRole('textbox', { name: 'Phone number for patients' });
    await user.click(phone);
    await user.paste('123-555-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const message = 'Enter a US phone number with its area code, e.g. 312-555-0100';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(new RegExp(message));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the saved number on edit, and is not shown to an API that does not know it', async () => {
    const user = userEvent.setup();
    const route = {
      path: '/cgm/manage/editproviderservice/:providerServiceId',
      element: <EditProviderServicePage />,
    };
    const withPhone = renderFeature([route, listPage], {
      initialPath: '/cgm/manage/editproviderservice/9',
      script: withReferences(() => ({ ...saved, contactPhone: '847-555-0110' })),
    });
    expect(await screen.findByRole('textbox', { name: 'Phone number for patients' })).toHaveValue('847-555-0110');
    withPhone.unmount();

    const { calls } = renderFeature([route, listPage], {
      initialPath: '/cgm/manage/editproviderservice/9',
      script: withReferences(() => saved),
    });
    expect(await screen.findByRole('textbox', { name: 'Provider name' })).toHaveValue('Harbor Clinic');
    expect(screen.queryByRole('textbox', { name: 'Phone number for patients' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'PUT')).toBe(true);
    });
    expect(calls.find((call) => call.method === 'PUT')?.body).not.toHaveProperty('contactPhone');
  });
});

describe('the follow-up days on an API without the follow-up (issue 37)', () => {
  const followUpProbe = (call: HttpCall) => call.path.startsWith('/api/cgm/assessmentorders/followup');

  it('are left out when the API answers the follow-up with 404, and shown when it offers it', async () => {
    renderAdd((call) => {
      if (followUpProbe(call)) throw apiError(404, 'NOT_FOUND', 'Not found');
      return undefined;
    });
    expect(await screen.findByRole('textbox', { name: 'Provider name' })).toBeVisible();
    await waitFor(() => {
      expect(screen.queryByRole('textbox', { name: /Days the patient’s link works/ })).toBeNull();
    });
  });

  it('are shown when the API offers the follow-up', async () => {
    renderAdd((call) => (followUpProbe(call) ? { dataList: [], count: 0 } : undefined));
    expect(await screen.findByRole('textbox', { name: /Days the patient’s link works/ })).toBeVisible();
  });
});
