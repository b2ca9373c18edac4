import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../shared/api/http';
import { SessionStore } from '../shared/auth/session-store';
import { authResult } from '../shared/testing/factories';
import { detailLoaders } from './route-loaders';
import { routes } from './router';

// The patient page's code (the ordering feature) arrives only when the test lets it: what happens before then
// happens while the page module is still on its way.
const ordersCode = vi.hoisted(() => {
  let arrive = (): void => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive };
});
vi.mock('../features/orders', async (importOriginal) => {
  await ordersCode.arrived;
  return importOriginal();
});

// The shell's layouts are beside the point here (and the update prompt needs the build's worker registration).
vi.mock('../shell/app-layout', async () => {
  const { Outlet } = await import('react-router');
  return { AppLayout: Outlet, RouteLoading: () => null };
});
vi.mock('../shell/manage-layout', async () => {
  const { Outlet } = await import('react-router');
  return { ManageLayout: Outlet };
});

/** An API that never answers, as on a dead network: whatever it was asked is recorded. */
function silentHttp() {
  const asked: string[] = [];
  const http: HttpClient = {
    get: (path) => {
      asked.push(path);
      return new Promise(() => undefined);
    },
    post: () => new Promise(() => undefined),
    put: () => new Promise(() => undefined),
  };
  return { http, asked };
}

function openAt(path: string, session: SessionStore) {
  const { http, asked } = silentHttp();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const loaders = detailLoaders({ queryClient, http, session, product: 'cgm', sessionReady: Promise.resolve() });
  const router = createMemoryRouter(routes('cgm', loaders), { initialEntries: [path] });
  return { router, asked };
}

function signedIn(result = authResult()): SessionStore {
  const session = new SessionStore(window.sessionStorage, 'cgm');
  session.signIn(result);
  return session;
}

describe('the route table’s detail loaders', () => {
  it(
    'start the patient and their orders while the patient page’s code is still on its way, and never hold the page',
    { timeout: 30_000 },
    async () => {
      const { router, asked } = openAt('/cgm/manage/patient/7', signedIn());

      // The loaders' own modules load first (the ordering feature's queries bring date rules with them).
      await vi.waitFor(
        () => {
          expect(asked).toEqual(['/api/profile/patients/7', '/api/profile/patients/7/assessmentorders']);
        },
        { timeout: 10_000 },
      );
      expect(router.state.initialized).toBe(false);

      // The code arrives; the answers never do (a dead network), and the page opens all the same.
      ordersCode.arrive();
      // The real feature module is large: the first import in a fresh test run takes a while to transform.
      await vi.waitFor(
        () => {
          expect(router.state.initialized).toBe(true);
        },
        { timeout: 20_000 },
      );
      expect(router.state.location.pathname).toBe('/cgm/manage/patient/7');
      expect(router.state.matches.at(-1)?.route.path).toBe('patient/:patientId');
    },
  );

  it(
    'ask nothing for someone the guards turn away: signed out, no entitlement, or the privacy policy not yet accepted',
    { timeout: 30_000 },
    async () => {
      const signedOut = openAt('/cgm/manage/patient/7', new SessionStore(window.sessionStorage, 'cgm'));
      const noEntitlement = openAt(
        '/cgm/manage/patientassessment/7/assessment/3',
        signedIn(authResult({ entitlements: ['listPatients'] })),
      );
      const policyPending = openAt(
        '/cgm/manage/patient/7',
        signedIn(authResult({ user: { acceptedPrivacyPolicy: false } })),
      );

      for (const { router } of [signedOut, noEntitlement, policyPending]) {
        await vi.waitFor(
          () => {
            expect(router.state.initialized).toBe(true);
          },
          { timeout: 20_000 },
        );
      }
      expect([...signedOut.asked, ...noEntitlement.asked, ...policyPending.asked]).toEqual([]);
    },
  );

  it('start the supervised assessment’s order and a provider service for those entitled to them', async () => {
    const technician = openAt(
      '/cgm/manage/patientassessment/7/assessment/3',
      signedIn(authResult({ entitlements: ['beginSupervisedAssessment'], user: { role: 'Healthcare Technician' } })),
    );
    const administrator = openAt(
      '/cgm/manage/editproviderservice/2',
      signedIn(authResult({ entitlements: ['editProviderService'], user: { role: 'Provider Service Administrator' } })),
    );

    await vi.waitFor(() => {
      // Spec §4: the order and the patient's profile, side by side.
      expect([...technician.asked].sort()).toEqual(['/api/cgm/assessmentorders/3', '/api/profile/patients/7']);
      expect(administrator.asked).toEqual([
        '/api/cgm/providerservices/2',
        '/api/references/localities',
        '/api/references/reporttypes',
        '/api/cgm/providerservices/batteries?providerServiceId=2',
      ]);
    });
  });
});
