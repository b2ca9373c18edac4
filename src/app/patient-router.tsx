import { useEffect } from 'react';
import { createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { PatientLoginPage } from '../features/assessments/patient-login-page';
import { appPaths } from '../shared/lib/paths';
import { usePaths } from '../shared/lib/runtime-config';
import { AppLayout, RouteLoading } from '../shell/app-layout';
import { RouteError } from '../shell/route-error';
import { patientRoutes } from './patient-routes';
import type { RouteData } from './route-loaders';
import { insideShell } from './route-pages';

/** The address this page was opened at (index.html chose the patient's start for it, build/page-starts-plugin.ts). */
const openedAt = window.location.pathname;

/**
 * Any address outside the patient's pages (a staff page, the hand-over lock, an unknown address) is opened as a page
 * of its own, which the whole application's start serves: the router has already put it in the history, so the
 * load replaces that entry. The address the page was opened at would choose this start again (a link under another
 * product's name): it goes where every page sends an unknown address, the home page (spec §2).
 */
function OpenAsPage() {
  const { pathname, search, hash } = useLocation();
  const home = usePaths().home;
  useEffect(() => {
    window.location.replace(pathname === openedAt ? home : `${pathname}${search}${hash}`);
  }, [pathname, search, hash, home]);
  return <RouteLoading />;
}

/**
 * Issue 32: the route table of the patient link's own start (patient-start.tsx): the patient's pages only, in the
 * same layout as in the table of every page (router.tsx), and the link page's module in the first download instead of
 * behind a lazy route.
 */
export function patientLinkRoutes(product: string): RouteObject[] {
  const paths = appPaths(product);
  return [
    {
      element: <AppLayout />,
      hydrateFallbackElement: <RouteLoading />,
      errorElement: <RouteError />,
      children: insideShell([
        {
          path: paths.home,
          children: [
            { index: true, element: <OpenAsPage /> },
            // Its styles and texts are the first download's (patient-first-visit-styles.ts, start-client.tsx).
            ...patientRoutes(() => Promise.resolve(PatientLoginPage)),
          ],
        },
        { path: '*', element: <OpenAsPage /> },
      ]),
    },
  ];
}

export function createPatientLinkRouter(data: RouteData) {
  return createBrowserRouter(patientLinkRoutes(data.product));
}
