import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { linkTokenStateSchema, readState } from '../../shared/auth/navigation-state';

/** The query parameter of the setup and reset links (server/profiles/account-emails.ts). */
export const linkTokenParam = 'token';

/**
 * The token of a setup or reset link. DESIGN §3: a token that arrives in a URL leaves the address bar at once; it
 * moves into this history entry's state, so a reload of the page still has it but history, bookmarks and logs
 * never show it.
 */
export function useLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const fromUrl = new URLSearchParams(location.search).get(linkTokenParam);
  const fromState = readState(linkTokenStateSchema, location.state)?.token ?? null;

  useEffect(() => {
    if (fromUrl === null) return;
    const search = new URLSearchParams(location.search);
    search.delete(linkTokenParam);
    const rest = search.toString();
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true, state: fromUrl.trim() ? { token: fromUrl.trim() } : null },
    );
  }, [fromUrl, location.pathname, location.search, location.hash, navigate]);

  const token = (fromUrl ?? fromState ?? '').trim();
  return token === '' ? null : token;
}
