import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRuntimeConfig } from '../../shared/lib/runtime-config';

/** The query parameter of the patient's order link ({origin}/{product}/patientlogin?token=…). */
export const patientLinkTokenParam = 'token';

export const patientLinkTokenKey = (product: string) => `patientlogintoken.${product}`;

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
  const fromUrl = new URLSearchParams(location.search).get(patientLinkTokenParam)?.trim() ?? null;

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

  const token = fromUrl ?? storage.getItem(patientLinkTokenKey(product));
  return token && token !== '' ? token : null;
}
