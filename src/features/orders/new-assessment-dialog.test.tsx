import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AssessmentOrderInput } from '#common/contract';
import { SessionStore } from '../../shared/auth/session-store';
import { authResult } from '../../shared/testing/factories';
import { serverError } from '../../shared/testing/fake-http';
import { renderApp } from '../../shared/testing/render';
import { NewAssessmentDialog } from './new-assessment-dialog';
import { ordersHttp, testOrder, testPatient, testProviderService } from './testing';

// Mantine dialogs in jsdom are slow on a busy machine; the steps themselves never wait on time.
vi.setConfig({ testTimeout: 30_000 });

function clinician(): SessionStore {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(authResult({ entitlements: ['listPatients', 'addAssessmentOrder', 'viewAssessmentOrder'] }));
  return store;
}

const routes = [
  { path: '/cgm/manage/patient/:patientId', element: <h1>Patient profile</h1> },
  { path: '/cgm/manage/patient/:patientId/ordernewassessment', element: <NewAssessmentDialog /> },
];
const entry = '/cgm/manage/patient/5/ordernewassessment';
const orderPath = '/api/cgm/assessmentorders';

function setup(options: { service?: ReturnType<typeof testProviderService>; answer?: (body: unknown) => unknown }) {
  const { http, post } = ordersHttp(
    {
      '/api/profile/patients/5': testPatient(),
      '/api/cgm/providerservices/1': options.service ?? testProviderService(),
    },
    {
      [orderPath]:
        options.answer ??
        ((body) => {
          const input = body as AssessmentOrderInput;
          return testOrder({
            assessmentOrderType:
              input.assessmentOrderType === 'HOME'
                ? { id: 'HOME', name: 'Out-Of-Clinic' }
                : { id: 'SITE', name: 'In-Clinic' },
            assessmentOrderEmail: input.assessmentOrderEmail ?? '',
          });
        }),
    },
  );
  const view = renderApp(routes, { store: clinician(), http, initialEntries: [entry] });
  return { ...view, post };
}

describe('the new-assessment dialog (spec §2, §5 Single order)', () => {
  it('orders a HOME test with the prefilled email, then thanks and closes back to the profile', async () => {
    const { user, post } = setup({});
    const dialog = await screen.findByRole('dialog', { name: 'New assessment' });
    expect(await within(dialog).findByRole('radio', { name: 'Out-Of-Clinic' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveValue('rosa@example.test');
    expect(within(dialog).getByRole('textbox', { name: /^Repeat email/ })).toHaveValue('rosa@example.test');

    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    expect(await within(dialog).findByText('Battery is required')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('radio', { name: 'Memory assessment' }));
    await user.click(within(dialog).getByRole('checkbox', { name: "Also make this the patient's default email" }));
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));

    const thanks = await screen.findByRole('dialog', { name: 'Thank you' });
    expect(thanks).toHaveTextContent('the link to the test has been emailed to rosa@example.test');
    expect(post).toHaveBeenCalledWith(orderPath, {
      patientId: 5,
      assessmentOrderType: 'HOME',
      batteryTypeCode: 'MemOnlyCBB',
      assessmentOrderEmail: 'rosa@example.test',
      confirmAssessmentOrderEmail: 'rosa@example.test',
      updatePatientDefaultEmailToAssessmentOrderEmail: true,
    });
    await user.click(within(thanks).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('heading', { name: 'Patient profile' })).toBeInTheDocument();
  });

  it('orders in clinic without asking for an email', async () => {
    const { user, post } = setup({});
    const dialog = await screen.findByRole('dialog', { name: 'New assessment' });
    await user.click(await within(dialog).findByRole('radio', { name: 'In-Clinic' }));
    expect(within(dialog).queryByRole('textbox', { name: /^Email/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Full assessment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    expect(await screen.findByRole('dialog', { name: 'Thank you' })).toHaveTextContent(
      'The in-clinic assessment for Rosa Alvarez has been ordered',
    );
    expect(post).toHaveBeenCalledWith(orderPath, expect.objectContaining({ assessmentOrderType: 'SITE' }));
  });

  it('shows the single battery instead of asking, and refuses to order when there is none', async () => {
    const one = setup({
      service: testProviderService({
        supportedBatteryTypes: [{ code: 'FullCBB', name: 'Full assessment', isDefault: true }],
      }),
    });
    expect(await screen.findByText('Battery: Full assessment')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Full assessment' })).not.toBeInTheDocument();
    one.unmount();

    setup({ service: testProviderService({ supportedBatteryTypes: [] }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('This provider service offers no assessment battery');
    expect(screen.queryByRole('button', { name: 'Order' })).not.toBeInTheDocument();
  });

  it("puts the server's reasons on the fields and keeps everything chosen", async () => {
    const { user } = setup({
      answer: () => {
        throw serverError(orderPath, 400, {
          code: 'VALIDATION',
          message: 'Request validation failed',
          fields: [{ path: 'confirmAssessmentOrderEmail', message: 'VALID_EMAIL_SHOULD_MATCH' }],
        });
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'New assessment' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Full assessment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    expect(await within(dialog).findByText('Emails should match')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Full assessment' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveValue('rosa@example.test');
  });

  it('says so when the patient has been deactivated meanwhile, or when nothing could be sent', async () => {
    const refused = setup({
      answer: () => {
        throw serverError(orderPath, 400, { code: 'PATIENT_DEACTIVATED', message: 'deactivated' });
      },
    });
    let dialog = await screen.findByRole('dialog', { name: 'New assessment' });
    await refused.user.click(await within(dialog).findByRole('radio', { name: 'Full assessment' }));
    await refused.user.click(within(dialog).getByRole('button', { name: 'Order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This patient is deactivated');
    refused.unmount();

    const offline = setup({
      answer: () => {
        throw serverError(orderPath, 0, { code: 'NETWORK', message: '' });
      },
    });
    dialog = await screen.findByRole('dialog', { name: 'New assessment' });
    await offline.user.click(await within(dialog).findByRole('radio', { name: 'Full assessment' }));
    await offline.user.click(within(dialog).getByRole('button', { name: 'Order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nothing was sent');
  });
});
