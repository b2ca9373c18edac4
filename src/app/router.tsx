import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { HomeGate } from '../features/auth';
import { RequireAuth, RequireEntitlement, RequireRole } from '../shared/auth/guards';
import { appPaths } from '../shared/lib/paths';
import { AppLayout } from '../shell/app-layout';

/**
 * The one route table (DESIGN §2 rule 6). Feature pages load lazily, so the login page downloads only the
 * shell and the login form.
 */
export function routes(product: string): RouteObject[] {
  const paths = appPaths(product);
  const manage = (path: string) => `manage/${path}`;
  const about = async () => import('../features/about');
  return [
    { path: '/', element: <Navigate to={paths.home} replace /> },
    {
      element: <AppLayout />,
      children: [
        { path: paths.logout, lazy: async () => ({ Component: (await import('../features/auth')).LogoutPage }) },
        // Spec §2: the About area is anonymous: /about, /about/{subPage}, /about/index/{index}.
        {
          path: paths.about,
          lazy: async () => ({ Component: (await about()).AboutLayout }),
          children: [
            { index: true, lazy: async () => ({ Component: (await about()).AboutOverviewPage }) },
            { path: 'whoweare', lazy: async () => ({ Component: (await about()).WhoWeArePage }) },
            { path: 'us', lazy: async () => ({ Component: (await about()).WhoWeArePage }) },
            { path: 'index', lazy: async () => ({ Component: (await about()).AboutIndexPage }) },
            { path: 'index/:index', lazy: async () => ({ Component: (await about()).AboutIndexSectionPage }) },
            { path: 'contact', lazy: async () => ({ Component: (await about()).ContactPage }) },
            { path: 'licenses', lazy: async () => ({ Component: (await about()).LicensesPage }) },
            { path: '*', element: <Navigate to={paths.about} replace /> },
          ],
        },
        {
          path: paths.home,
          children: [
            { index: true, Component: HomeGate },
            { path: 'about/us', element: <Navigate to={paths.aboutUs} replace /> },
            {
              path: 'resources',
              lazy: async () => ({ Component: (await import('../features/resources')).ResourcesPage }),
            },
            {
              path: 'setupaccountchangeexpiredpassword',
              lazy: async () => ({ Component: (await import('../features/password')).ChangeExpiredPasswordPage }),
            },
            {
              element: <RequireAuth />,
              children: [
                {
                  element: <RequireRole roles={['clinician', 'technician', 'cops']} />,
                  children: [
                    {
                      path: 'manage',
                      lazy: async () => ({ Component: (await import('../features/provider-services')).ManageHomePage }),
                    },
                    {
                      path: 'providerservice/:providerServiceId',
                      lazy: async () => ({
                        Component: (await import('../features/provider-services')).ProviderServiceSwitchPage,
                      }),
                    },
                    {
                      path: 'setupaccountchangepassword',
                      lazy: async () => ({ Component: (await import('../features/password')).ChangePasswordPage }),
                    },
                    {
                      path: manage('patients'),
                      lazy: async () => ({ Component: (await import('../features/patients')).PatientsPage }),
                    },
                    {
                      path: manage('patientsorders'),
                      lazy: async () => ({ Component: (await import('../features/patients')).PatientsOrdersPage }),
                    },
                  ],
                },
                {
                  element: <RequireRole roles={['clinician', 'cops']} />,
                  children: [
                    {
                      path: manage('patientsresults'),
                      lazy: async () => ({ Component: (await import('../features/patients')).PatientsResultsPage }),
                    },
                  ],
                },
                {
                  element: <RequireRole roles={['cops']} />,
                  children: [
                    {
                      path: manage('cops'),
                      lazy: async () => ({
                        Component: (await import('../features/provider-services')).ProviderServicesPage,
                      }),
                    },
                  ],
                },
                {
                  element: <RequireEntitlement entitlement="editProviderService" />,
                  children: [
                    {
                      path: manage('addproviderservice'),
                      lazy: async () => ({
                        Component: (await import('../features/provider-services')).AddProviderServicePage,
                      }),
                    },
                    {
                      path: manage('editproviderservice/:providerServiceId'),
                      lazy: async () => ({
                        Component: (await import('../features/provider-services')).EditProviderServicePage,
                      }),
                    },
                  ],
                },
                {
                  element: <RequireRole roles={['clinician']} />,
                  children: [
                    {
                      path: manage('clinicianmyprofile'),
                      lazy: async () => ({ Component: (await import('../features/profiles')).MyProfilePage }),
                    },
                  ],
                },
                {
                  element: <RequireRole roles={['technician']} />,
                  children: [
                    {
                      path: manage('technicianmyprofile'),
                      lazy: async () => ({ Component: (await import('../features/profiles')).MyProfilePage }),
                    },
                  ],
                },
                {
                  element: <RequireRole roles={['patient']} />,
                  children: [
                    {
                      path: 'patient',
                      lazy: async () => ({ Component: (await import('../features/assessments')).PatientHomePage }),
                    },
                  ],
                },
              ],
            },
          ],
        },
        // Spec §2: /{product} is the fallback for every unknown URL.
        { path: '*', element: <Navigate to={paths.home} replace /> },
      ],
    },
  ];
}

export function createAppRouter(product: string) {
  return createBrowserRouter(routes(product));
}
export type AppRouter = ReturnType<typeof createAppRouter>;
