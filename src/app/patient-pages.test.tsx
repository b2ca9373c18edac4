import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MassOrderResult } from '#common/contract';
import { SessionStore } from '../shared/auth/session-store';
import { authResult } from '../shared/testing/factories';
import { serverError } from '../shared/testing/fake-http';
import { renderApp } from '../shared/testing/render';
import { PatientsPage } from './patient-pages';
import { ordersHttp, testPatient, testProviderService } from '../features/orders/testing';

vi.setConfig({ testTimeout: 30_000 });

const patients = [
  testPatient({ id: 1, firstName: 'Ada', name: 'Ada Lowe', shortName: 'Ada Lowe', email: 'ada@example.test' }),
  testPatient({ id: 2, firstName: 'Bea', name: 'Bea Lowe', shortName: 'Bea Lowe', email: 'bea@example.test' }),
  testPatient({ id: 3, firstName: 'Cal', name: 'Cal Lowe', shortName: 'Cal Lowe', email: '' }),
];
const bulkPath = '/api/cgm/assessmentorders/bulk';

function session(role: string): SessionStore {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(
    authResult({ entitlements: ['listPatients', 'addAssessmentOrder', 'viewAssessmentOrder'], user: { role } }),
  );
  return store;
}

function setup(role: string, answer: (body: unknown) => unknown) {
  const { http, post } = ordersHttp(
    (path) => {
      if (path.startsWith('/api/profile/patients?')) return { dataList: patients, count: patients.length };
      if (path === '/api/cgm/providerservices/1') return testProviderService();
      return undefined;
    },
    { [bulkPath]: answer },
  );
  const view = renderApp([{ path: '/cgm/manage/patients', element: <PatientsPage /> }], {
    store: session(role),
    http,
    initialEntries: ['/cgm/manage/patients'],
  });
  return { ...view, post };
}

const result: MassOrderResult = {
  ordered: [
    { patientId: 1, assessmentOrderId: 11 },
    { patientId: 2, assessmentOrderId: 12 },
  ],
  skipped: [{ patientId: 3, reason: 'noEmail' }],
};

async function selectAllAndOpen(user: ReturnType<typeof setup>['user']) {
  for (const patient of patients) {
    await user.click(await screen.findByRole('checkbox', { name: `Select ${patient.name}` }));
  }
  await user.click(screen.getByRole('button', { name: 'Order assessments' }));
  return screen.findByRole('dialog', { name: 'Order assessments' });
}

describe('mass ordering from the patient list (spec §2, §5 Mass order)', () => {
  it('lets a clinician order HOME for the patients with email, listing the rest, then confirms with counts', async () => {
    const { user, post } = setup('Healthcare Clinician', () => result);
    const dialog = await selectAllAndOpen(user);

    await user.click(within(dialog).getByRole('button', { name: 'Order assessments' }));
    expect(await within(dialog).findByText('Order type is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Battery is required')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Order type/ }), 'Out-Of-Clinic');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Battery/ }), 'Full assessment');
    expect(within(dialog).getAllByRole('status')[0]).toHaveTextContent(
      '3 patients selected · 2 eligible · 1 without email',
    );
    expect(within(dialog).getByRole('list', { name: 'Eligible patients (2)' })).toHaveTextContent('Ada LoweBea Lowe');
    expect(within(dialog).getByRole('list', { name: 'Not eligible (1)' })).toHaveTextContent(
      'Cal Lowe: no email address',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Order for 2 patients' }));
    const thanks = await screen.findByRole('dialog', { name: 'Thank you' });
    expect(post).toHaveBeenCalledWith(bulkPath, {
      assessmentOrderType: 'HOME',
      batteryTypeCode: 'FullCBB',
      patientIds: [1, 2, 3],
    });
    expect(thanks).toHaveTextContent(
      'Out-of-clinic assessments were ordered for 2 patients (3 selected); each was emailed the link to the test.',
    );
    expect(thanks).toHaveTextContent('1 patient was not eligible and was not ordered.');
    expect(thanks).toHaveTextContent('1 selected patient has no email address and got no out-of-clinic order.');
    await user.click(within(thanks).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('group', { name: 'Selected rows' })).not.toBeInTheDocument();
  });

  it('orders in clinic for everyone and is busy while saving', async () => {
    let finish: (value: MassOrderResult) => void = () => undefined;
    const { user } = setup(
      'Healthcare Clinician',
      () =>
        new Promise<MassOrderResult>((resolve) => {
          finish = resolve;
        }),
    );
    const dialog = await selectAllAndOpen(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Order type/ }), 'In-Clinic');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Battery/ }), 'Memory assessment');
    expect(within(dialog).queryByRole('list', { name: /Not eligible/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Order for 3 patients' }));

    expect(await within(dialog).findByText('Ordering, please wait…')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: /Order type/ })).toBeDisabled();

    finish({
      ordered: patients.map((patient) => ({ patientId: patient.id, assessmentOrderId: patient.id + 10 })),
      skipped: [],
    });
    const thanks = await screen.findByRole('dialog', { name: 'Thank you' });
    expect(thanks).toHaveTextContent('In-clinic assessments were ordered for 3 patients (3 selected).');
    expect(thanks).not.toHaveTextContent('not eligible');
  });

  it('keeps the choices and says nothing was ordered when the server fails', async () => {
    const { user } = setup('Healthcare Clinician', () => {
      throw serverError(bulkPath, 500, { code: 'INTERNAL', message: 'boom' });
    });
    const dialog = await selectAllAndOpen(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Order type/ }), 'In-Clinic');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Battery/ }), 'Full assessment');
    await user.click(within(dialog).getByRole('button', { name: 'Order for 3 patients' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The assessments could not be ordered, and no order was placed.',
    );
    expect(within(dialog).getByRole('combobox', { name: /Order type/ })).toHaveValue('SITE');
  });

  it('offers no selection and no mass order to a technician', async () => {
    setup('Healthcare Technician', () => result);
    expect(await screen.findByText('Ada Lowe')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Order assessments' })).not.toBeInTheDocument();
  });
});
