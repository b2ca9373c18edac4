import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { page, withStyles } from './route-pages';

const assessments = () => import('../features/assessments');

/**
 * Spec §2/§4: the patient's pages under /{product}: the order link, its error pages and the patient's session. Both
 * route tables hold them: the one of every page (router.tsx) and the patient link's own start (patient-router.tsx).
 * Each gives the link page as it loads it, with what the page needs beside its code.
 */
export function patientRoutes(linkPage: () => Promise<ComponentType>): RouteObject[] {
  return [
    // Spec §2: the patient's order link and its error pages are anonymous.
    { path: 'patientlogin', lazy: async () => ({ Component: await linkPage() }) },
    {
      path: 'patientloginerror/:errorCode',
      ...page(async () => (await assessments()).PatientLoginErrorPage),
    },
    {
      // Spec §4: a patient's pages; an expired patient session returns to the patient login.
      path: 'patient',
      lazy: async () => ({ Component: (await withStyles(assessments())).PatientSessionGate }),
      children: [
        { index: true, ...page(async () => (await assessments()).PatientHomePage) },
        {
          path: 'selfassessment/:patientId/assessment/:assessmentId',
          children: [
            { index: true, ...page(async () => (await assessments()).SelfAssessmentPage) },
            { path: 'completed', ...page(async () => (await assessments()).SelfAssessmentCompletedPage) },
            { path: 'error/:errorCode', ...page(async () => (await assessments()).SelfAssessmentErrorPage) },
          ],
        },
      ],
    },
  ];
}
