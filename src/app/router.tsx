// Over 300 lines on purpose: DESIGN §2 rule 6 wants the one route table of spec §2 in one place, with its guards
// and lazy pages, so any screen is found from here in two hops.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { HomeGate, LogoutPage } from '../features/auth';
import type { Entitlement, Role } from '#common/contract';
import { RequireAuth, RequireEntitlement, RequireRole, type ForbiddenMessage } from '../shared/auth/guards';
import { appPaths } from '../shared/lib/paths';
import { AppLayout, RouteLoading } from '../shell/app-layout';
import { RouteError } from '../shell/route-error';
import { detailLoaders, type DetailLoaders, type RouteData } from './route-loaders';
import { patientLinkNamespaces } from '#common/languages';
import { loadNamespaces } from './i18n';
import { patientRoutes } from './patient-routes';
import { insideShell, page, withStyles } from './route-pages';

const onlyFor = (roles: readonly Role[], children: RouteObject[]): RouteObject => ({
  element: <RequireRole roles={roles} />,
  children,
});
const needs = (entitlement: Entitlement, children: RouteObject[], message?: ForbiddenMessage): RouteObject => ({
  element: <RequireEntitlement entitlement={entitlement} message={message} />,
  children,
});
/** A dialog route under its page (spec §2 add/edit dialogs), guarded by its own entitlement. */
const dialog = (path: string, entitlement: Entitlement | null, load: () => Promise<ComponentType>): RouteObject =>
  entitlement
    ? { path, element: <RequireEntitlement entitlement={entitlement} />, children: [{ index: true, ...page(load) }] }
    : { path, ...page(load) };

const patients = () => import('../features/patients');
const orders = () => import('../features/orders');
// The patient lists and profile with their orders (spec §2), composed in the app layer.
const patientPages = () => import('./patient-pages');
const profiles = () => import('../features/profiles');
const providerServices = () => import('../features/provider-services');
const assessments = () => import('../features/assessments');
const reports = () => import('../features/reports');
const audit = () => import('../features/audit');
const fhirClients = () => import('../features/fhir-clients');

/** Spec §2 /{product}/manage/*: the management pages, under the Manage tabs. */
function manageRoutes(loaders: DetailLoaders | undefined): RouteObject[] {
  return [
    // /{product}/manage?providerserviceid=…: set the current provider service, then the role's home.
    { index: true, ...page(async () => (await providerServices()).ManageHomePage) },
    onlyFor(['cops'], [{ path: 'cops', ...page(async () => (await providerServices()).ProviderServicesPage) }]),
    // Issue 35: the audit trail, for administrators only.
    onlyFor(['cops'], [{ path: 'audit', ...page(async () => (await audit()).AuditTrailPage) }]),
    // Issue 38: the backend clients of the FHIR API, for administrators only.
    onlyFor(['cops'], [{ path: 'fhirclients', ...page(async () => (await fhirClients()).FhirClientsPage) }]),
    needs('editProviderService', [
      { path: 'addproviderservice', ...page(async () => (await providerServices()).AddProviderServicePage) },
      {
        path: 'editproviderservice/:providerServiceId',
        loader: loaders?.providerService,
        ...page(async () => (await providerServices()).EditProviderServicePage),
      },
    ]),
    needs('listPatients', [
      {
        path: 'patients',
        ...page(async () => (await patientPages()).PatientsPage),
        children: [dialog('add', 'addPatient', async () => (await patients()).AddPatientDialog)],
      },
      { path: 'patientsorders', ...page(async () => (await patientPages()).PatientsOrdersPage) },
      onlyFor(
        ['clinician', 'cops'],
        [{ path: 'patientsresults', ...page(async () => (await patientPages()).PatientsResultsPage) }],
      ),
      {
        path: 'patient/:patientId',
        loader: loaders?.patient,
        ...page(async () => (await patientPages()).PatientProfileWithOrdersPage),
        children: [
          dialog('edit', 'editPatient', async () => (await patients()).EditPatientDialog),
          // Spec §6: ordering needs addAssessmentOrder; cops lack it and are turned away.
          dialog('ordernewassessment', 'addAssessmentOrder', async () => (await orders()).NewAssessmentDialog),
          dialog('cbbreport', 'viewReport', async () => (await reports()).ReportDialog),
        ],
      },
    ]),
    // Spec §2/§6: the on-site test; cops lack beginSupervisedAssessment, so it is closed to them, and they are told
    // their role may not view orders (spec §8).
    needs(
      'beginSupervisedAssessment',
      [
        {
          path: 'patientassessment/:patientId/assessment/:assessmentId',
          loader: loaders?.supervisedAssessment,
          ...page(async () => (await assessments()).SupervisedAssessmentPage),
        },
      ],
      'ERROR_ORDER_VIEW_UNAUTHORIZED_FOR_ROLE',
    ),
    needs('listClinicians', [
      {
        path: 'clinicians',
        ...page(async () => (await profiles()).CliniciansPage),
        children: [dialog('add', 'addClinician', async () => (await profiles()).AddClinicianDialog)],
      },
      {
        path: 'clinician/:clinicianId',
        ...page(async () => (await profiles()).ClinicianProfilePage),
        children: [dialog('edit', 'editClinician', async () => (await profiles()).EditClinicianDialog)],
      },
    ]),
    needs('listTechnicians', [
      {
        path: 'technicians',
        ...page(async () => (await profiles()).TechniciansPage),
        children: [dialog('add', 'addTechnician', async () => (await profiles()).AddTechnicianDialog)],
      },
      {
        path: 'technician/:technicianId',
        ...page(async () => (await profiles()).TechnicianProfilePage),
        children: [dialog('edit', 'editTechnician', async () => (await profiles()).EditTechnicianDialog)],
      },
    ]),
    // Spec §6: my-profile works only when the profile type equals the user's role.
    onlyFor(
      ['clinician'],
      [
        {
          path: 'clinicianmyprofile',
          ...page(async () => (await profiles()).ClinicianMyProfilePage),
          children: [dialog(':clinicianId/edit', null, async () => (await profiles()).ClinicianMyProfileEditDialog)],
        },
      ],
    ),
    onlyFor(
      ['technician'],
      [
        {
          path: 'technicianmyprofile',
          ...page(async () => (await profiles()).TechnicianMyProfilePage),
          children: [dialog(':technicianId/edit', null, async () => (await profiles()).TechnicianMyProfileEditDialog)],
        },
      ],
    ),
  ];
}

/**
 * The one route table (DESIGN §2 rule 6). Feature pages load lazily, so the login page downloads only the
 * shell and the login form; the detail pages' loaders (outside `lazy`, so they run beside it) start their data
 * while the code downloads.
 */
export function routes(product: string, loaders?: DetailLoaders): RouteObject[] {
  const paths = appPaths(product);
  const about = async () => withStyles(import('../features/about'));
  return [
    { path: '/', element: <Navigate to={paths.home} replace /> },
    {
      element: <AppLayout />,
      hydrateFallbackElement: <RouteLoading />,
      errorElement: <RouteError />,
      children: insideShell([
        // The sign-in page is the home of every first visit, so the auth feature is in the first download anyway.
        { path: paths.logout, Component: LogoutPage },
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
            { path: 'resources', ...page(async () => (await import('../features/resources')).ResourcesPage) },
            {
              path: 'setupaccountchangeexpiredpassword',
              ...page(async () => (await import('../features/password')).ChangeExpiredPasswordPage),
            },
            // Spec §2: the setup and reset links are anonymous; their token is in the query.
            { path: 'setupaccount', ...page(async () => (await import('../features/password')).SetupAccountPage) },
            {
              path: 'setupaccountresetmypassword',
              ...page(async () => (await import('../features/password')).ResetPasswordPage),
            },
            // The patient's first page, on a phone: its own module, styles and texts only, not the assessments
            // feature's whole index, Mantine's whole stylesheet and every feature's texts.
            ...patientRoutes(async () => {
              const [module] = await Promise.all([
                import('../features/assessments/patient-login-page'),
                import('./patient-link-styles'),
                loadNamespaces(patientLinkNamespaces),
              ]);
              return module.PatientLoginPage;
            }),
            {
              // Issue 31: the tablet in the patient's hands for an on-site test, and staff's unlock. Not behind the
              // sign-in guard: a restarted app in patient mode shows the closing screen and a staff sign-in here.
              path: 'handover',
              ...page(async () => (await assessments()).HandoverPage),
            },
            {
              // Spec §2/§6: the on-site test's completed and error pages belong to a patient's session; staff who
              // open them go home with 'access forbidden'. Full paths on pathless guards, so that the on-site page
              // itself (no child) still goes to the staff route below.
              element: <RequireAuth />,
              children: [
                onlyFor(
                  ['patient'],
                  [
                    {
                      path: 'manage/patientassessment/:patientId/assessment/:assessmentId/completed',
                      ...page(async () => (await assessments()).SelfAssessmentCompletedPage),
                    },
                    {
                      path: 'manage/patientassessment/:patientId/assessment/:assessmentId/error/:errorCode',
                      ...page(async () => (await assessments()).SelfAssessmentErrorPage),
                    },
                  ],
                ),
              ],
            },
            {
              element: <RequireAuth />,
              children: [
                {
                  // Spec §1: a clinician or technician accepts the privacy policy before any other signed-in page.
                  // Loaded with the first signed-in page, not with the sign-in page.
                  lazy: async () => ({
                    Component: (await withStyles(import('../features/privacy-policy'))).PrivacyPolicyGate,
                  }),
                  children: [
                    onlyFor(
                      ['clinician', 'technician', 'cops'],
                      [
                        {
                          path: 'providerservice/:providerServiceId',
                          lazy: async () => ({
                            Component: (await withStyles(import('../features/provider-services')))
                              .ProviderServiceSwitchPage,
                          }),
                        },
                        {
                          path: 'setupaccountchangepassword',
                          ...page(async () => (await import('../features/password')).ChangePasswordPage),
                        },
                        {
                          path: 'manage',
                          lazy: async () => ({
                            Component: (await withStyles(import('../shell/manage-layout'))).ManageLayout,
                          }),
                          children: manageRoutes(loaders),
                        },
                      ],
                    ),
                  ],
                },
              ],
            },
          ],
        },
        // Spec §2: /{product} is the fallback for every unknown URL.
        { path: '*', element: <Navigate to={paths.home} replace /> },
      ]),
    },
  ];
}

export function createAppRouter(data: RouteData) {
  return createBrowserRouter(routes(data.product, detailLoaders(data)));
}
export type AppRouter = ReturnType<typeof createAppRouter>;
