import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Entitlement, OrderTimeline } from '#common/contract';
import { SessionStore } from '../../shared/auth/session-store';
import { authResult } from '../../shared/testing/factories';
import { renderApp } from '../../shared/testing/render';
import { onWideScreen } from '../../shared/testing/wide-screen';
import { AssessmentsTable } from './assessments-table';
import type * as testI18n from '../../shared/testing/i18n';
import { openFollowUp, ordersHttp, testOrder, testProviderService } from './testing';

// jsdom draws no canvas: the QR code is a fixed picture here (the end-to-end test decodes a real one).
vi.mock('qrcode', () => ({ default: { toDataURL: () => Promise.resolve('data:image/png;base64,iVBORw0KGgo=') } }));

// The test instance speaks en-US only; the letter is read in the patient's Spanish, from the real locale file.
vi.mock('../../shared/testing/i18n', async (importOriginal) => {
  const actual = await importOriginal<typeof testI18n>();
  const { default: spanishOrders } = await import('../../../locales/es-US/orders.json');
  return {
    ...actual,
    createTestI18n: () => {
      const instance = actual.createTestI18n();
      instance.addResourceBundle('es-US', 'orders', spanishOrders);
      return instance;
    },
  };
});

vi.setConfig({ testTimeout: 30_000 });

const order = testOrder({ id: 41, orderDate: '2025-03-04T15:00:00Z' });
const link = 'https://clinic.example/cgm/patientlogin?token=abc';

const timeline: OrderTimeline = {
  orderId: 41,
  progress: { id: 'SENT', at: '2025-03-04T15:00:00Z' },
  linkExpiresOn: '2025-03-18T15:00:00.000Z',
  events: [{ id: 1, kind: 'ORDERED', at: '2025-03-04T15:00:00Z', actor: null, detail: {} }],
};

function renderHandoff(contactPhone: string | undefined) {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  const entitlements: Entitlement[] = ['listPatients', 'viewAssessmentOrder', 'addAssessmentOrder'];
  store.signIn(authResult({ entitlements, user: { role: 'Healthcare Clinician' } }));
  const service = testProviderService();
  const { http, calls } = ordersHttp(
    {
      '/api/profile/patients/5/assessmentorders': { dataList: [order], count: 1 },
      '/api/cgm/assessmentorders/41/timeline': timeline,
      '/api/cgm/providerservices/1': contactPhone === undefined ? service : { ...service, contactPhone },
    },
    {
      '/api/cgm/assessmentorders/41/handoff': () => ({
        link,
        linkExpiresOn: '2025-03-18T15:00:00.000Z',
        estimatedMinutes: 9,
      }),
    },
  );
  const view = renderApp(
    [
      {
        path: '/cgm/manage/patient/5',
        element: <AssessmentsTable patientId={5} patientName="Rosa Alvarez" patientLanguage="es-US" />,
      },
    ],
    { store, http, initialEntries: ['/cgm/manage/patient/5'] },
  );
  return { ...view, calls };
}

describe('handing an order to the patient’s phone (issues 18, 32)', () => {
  onWideScreen();

  it('shows the QR code alone at the top of the dialog, with the way back to the order', async () => {
    const { user } = renderHandoff('312-555-0147');
    const dialog = await openFollowUp(user);
    await user.click(within(dialog).getByRole('button', { name: 'Show a QR code for the patient’s phone' }));
    const heading = await within(dialog).findByRole('heading', { name: 'Link for Rosa Alvarez’s phone' });
    expect(heading).toHaveFocus();
    expect(within(dialog).getByRole('img', { name: 'QR code of the patient’s link' })).toBeInTheDocument();
    expect(within(dialog).getByText(link)).toBeInTheDocument();
    // One thing in the dialog: the timeline and the other actions wait behind "Back to the order".
    expect(within(dialog).queryByRole('list', { name: 'What happened to the order' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel the order' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back to the order' }));
    expect(await within(dialog).findByRole('list', { name: 'What happened to the order' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Show a QR code for the patient’s phone' })).toHaveFocus();
  });

  it('prints a letter in the patient’s language that names them and the clinic’s phone number', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderHandoff('312-555-0147');
    const dialog = await openFollowUp(user);
    await user.click(within(dialog).getByRole('button', { name: 'Print a letter for the patient' }));
    const letter = await screen.findByRole('region', { name: 'Su evaluación cognitiva', hidden: true });
    expect(letter).toHaveAttribute('lang', 'es-US');
    const lines = [...letter.querySelectorAll('p')].map((line) => line.textContent);
    expect(lines).toEqual([
      'Estimado(a) Rosa Alvarez:',
      'Northside Memory Clinic -- Neurology le ha ordenado una evaluación cognitiva.',
      // As long as the runner takes (issue 32), not a fixed 15 minutes.
      'Es una prueba corta con naipes. Dura unos 9 minutos.',
      expect.stringMatching(/^Abra el enlace de abajo en su teléfono, tableta o computadora/),
      link,
      'El enlace funciona hasta el 18 mar 2025.',
      'Si tiene preguntas, llame a su clínica al 312-555-0147.',
    ]);
    await vi.waitFor(() => {
      expect(print).toHaveBeenCalledTimes(1);
    });
  });

  it('asks the patient to contact their clinic when it has no phone number, or the API does not know one', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderHandoff(undefined);
    const dialog = await openFollowUp(user);
    await user.click(within(dialog).getByRole('button', { name: 'Print a letter for the patient' }));
    const letter = await screen.findByRole('region', { name: 'Su evaluación cognitiva', hidden: true });
    expect(letter).toHaveTextContent('Si tiene preguntas, comuníquese con su clínica.');
    expect(letter).toHaveTextContent('Estimado(a) Rosa Alvarez:');
  });
});
