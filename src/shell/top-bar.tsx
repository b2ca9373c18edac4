import { Anchor, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../shared/auth/session-context';
import { usePaths } from '../shared/lib/runtime-config';
import { LanguageSwitcher } from '../shared/ui/language-switcher';
import { NewTabLink } from '../shared/ui/new-tab';

// The menu (and its popover code) is only needed once someone is signed in, so the login page skips it.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));

export function TopBar() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const paths = usePaths();
  return (
    // One row on a wide screen; on a phone two (global.css), so the account menu never runs off the edge.
    <div className="cgm-top-bar">
      <Anchor className="cgm-top-bar-home" component={Link} to={paths.home} c="white" fw={700} underline="never">
        {t('productName')}
      </Anchor>
      <Group className="cgm-top-bar-tools" gap="md" wrap="nowrap">
        <LanguageSwitcher variant="header" />
        <NewTabLink href={paths.resources} c="white">
          {t('resources')}
        </NewTabLink>
      </Group>
      {session.isLoggedIn && (
        <div className="cgm-top-bar-user">
          <Suspense fallback={null}>
            <UserMenu />
          </Suspense>
        </div>
      )}
    </div>
  );
}
