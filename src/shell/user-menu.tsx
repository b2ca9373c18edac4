import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../shared/auth/session-context';
import { useDocumentPaths, usePaths } from '../shared/lib/runtime-config';
import { NewTabHint } from '../shared/ui/new-tab';
import { menuFor } from './menu';

/** Spec §2: the full name opens the role's menu. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const paths = usePaths();
  const documents = useDocumentPaths();
  const entries = session.userRole ? menuFor(session.userRole, paths, documents) : [];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="white" size="compact-md" aria-label={t('accountMenu', { name: session.userFullName ?? '' })}>
          {session.truncatedFullName}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {entries.map((entry) =>
          entry.kind === 'route' ? (
            <Menu.Item key={entry.to} component={Link} to={entry.to}>
              {t(entry.labelKey)}
            </Menu.Item>
          ) : (
            <Menu.Item key={entry.href} component="a" href={entry.href} target="_blank" rel="noopener noreferrer">
              {t(entry.labelKey)}
              {/* Issue 10: a document the demo has only in English says so in its label. */}
              {documents.isFallback && ` (${t('common:documents.inEnglish')})`}
              <NewTabHint />
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
