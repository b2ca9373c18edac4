import { loadAllNamespaces } from './i18n';
import { followTheDaysWork } from './days-work';
import { persistQueriesPerUser } from './query-persistence';
import { createAppRouter } from './router';
import { startClient } from './start-client';

/** The start of every page (main.tsx): the one route table, and a signed-in user's cached lists. */
export function startApp(rootElement: HTMLElement): Promise<void> {
  return startClient(rootElement, {
    createRouter: createAppRouter,
    sessionResumed: async ({ session, http, queryClient, product }) => {
      const persistence = persistQueriesPerUser(session, queryClient, product);
      if (session.getSnapshot().isLoggedIn) {
        // The cached lists of this tab's user are restored before the first render, so an offline reload shows
        // them; the signed-in shell (header, menus) uses every feature's texts. Someone signed out has nothing
        // cached to show, so the sign-in page does not wait for IndexedDB.
        await Promise.all([persistence.ready, loadAllNamespaces()]);
      }
      followTheDaysWork(queryClient, http, session, product);
    },
  });
}
