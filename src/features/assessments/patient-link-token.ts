import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRuntimeConfig } from '../../shared/lib/runtime-config';

/** The query parameter of the patient's order link ({origin}/{product}/patientlogin?token=…). */
export const patientLinkTokenParam = 'token';

export const patientLinkTokenKey = (product: string) => `patientlogintoken.${product}`;

/** The token in a link's query, as the link page takes it (null without one; '' for an empty one). */
const tokenInQuery = (search: string): string | null =>
  new URLSearchParams(search).get(patientLinkTokenParam)?.trim() ?? null;

/** The link's token: the address's, else the one this tab kept; null when there is none. */
function linkToken(fromUrl: string | null, storage: Pick<Storage, 'getItem'>, product: string): string | null {
  const token = fromUrl ?? storage.getItem(patientLinkTokenKey(product));
  return token && token !== '' ? token : null;
}

/**
 * The token the link page will use, read before it renders (start.tsx starts the link's check with it while the
 * page's code is still arriving): the same answer as `usePatientLinkToken` gives the page.
 */
export function patientLinkTokenAtStart(
  search: string,
  product: string,
  storage: Pick<Storage, 'getItem'> = window.sessionStorage,
): string | null {
  return linkToken(tokenInQuery(search), storage, product);
}

/**
 * Takes the link's token out of the address before the router starts (start.tsx), kept for this tab as
 * `usePatientLinkToken` keeps it, so the page is first rendered at its final address: taking it out once the page
 * was on screen was a navigation that matched the route table and drew the whole page again, on a phone's busiest
 * moment (issue 32). An empty token is dropped without touching the kept one, as the page does.
 */
export function takePatientLinkTokenFromUrl(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  history: Pick<History, 'state' | 'replaceState'>,
  product: string,
  storage: Pick<Storage, 'setItem'> = window.sessionStorage,
): void {
  const token = tokenInQuery(location.search);
  if (token === null) return;
  if (token !== '') storage.setItem(patientLinkTokenKey(product), token);
  const search = new URLSearchParams(location.search);
  search.delete(patientLinkTokenParam);
  const rest = search.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
}

/**
 * The token of the patient's order link. DESIGN §3: it leaves the address bar at once; it is kept for this tab in
 * sessionStorage (never localStorage), so a reload, or a session that expires during the test, comes back to the
 * patient login with the link still known (spec §4: an expired self-assessment returns to the patient login).
 */
export function usePatientLinkToken(
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const { product } = useRuntimeConfig();
  const fromUrl = tokenInQuery(location.search);

  useEffect(() => {
    if (fromUrl === null) return;
    if (fromUrl !== '') storage.setItem(patientLinkTokenKey(product), fromUrl);
    const search = new URLSearchParams(location.search);
    search.delete(patientLinkTokenParam);
    const rest = search.toString();
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true, state: location.state as unknown },
    );
  }, [fromUrl, location.pathname, location.search, location.hash, location.state, navigate, product, storage]);

  return linkToken(fromUrl, storage, product);
}
