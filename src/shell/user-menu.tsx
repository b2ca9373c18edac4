import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../shared/auth/session-context';
import { usePaths } from '../shared/lib/runtime-config';
import { menuFor } from './menu';

/** Spec §2: the full name opens the role's menu. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const paths = usePaths();
  const entries = session.userRole ? menuFor(session.userRole, paths) : [];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="white" size="compact-md" aria-label={t('accountMenu', { name: session.userFullName ?? '' })}>
          {session.truncatedFullName}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {entries.map((entry) => (
          <Menu.Item key={entry.to} component={Link} to={entry.to}>
            {t(entry.labelKey)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
