import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useCapability } from '../shared/api/capabilities';
import { useSession } from '../shared/auth/session-context';
import { usePaths } from '../shared/lib/runtime-config';
import { isTabActive, manageTabsFor } from './manage-tabs';

/**
 * Layout route of /{product}/manage/*: the Manage tabs above every management page. The tabs are links (each is its
 * own page), so they form a navigation landmark with the current one marked, not an ARIA tab list.
 */
export function ManageLayout() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const paths = usePaths();
  const { pathname } = useLocation();
  // Issue 37: the audit trail is the reference server's own; against an API without it the tab is left out.
  const audit = useCapability(session.userRole === 'cops' ? 'audit' : null);
  const fhirClients = useCapability(session.userRole === 'cops' ? 'fhirClients' : null);
  const tabs = manageTabsFor(
    session,
    paths,
    audit.offered && !audit.pending,
    fhirClients.offered && !fhirClients.pending,
  );
  return (
    <Stack gap="md">
      {tabs.length > 0 && (
        <nav aria-label={t('tabs.label')}>
          {/* On a phone the tabs take a second row rather than shrinking to a letter each. */}
          <Group gap={4} wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-4)' }} pb={4}>
            {tabs.map((tab) => {
              const active = isTabActive(tab, pathname);
              return (
                <Button
                  key={tab.to}
                  component={Link}
                  to={tab.to}
                  variant={active ? 'light' : 'subtle'}
                  fw={active ? 700 : 500}
                  aria-current={active ? 'page' : undefined}
                >
                  {t(tab.labelKey)}
                </Button>
              );
            })}
          </Group>
        </nav>
      )}
      <Outlet />
    </Stack>
  );
}
