import { Grid, NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { usePaths } from '../../shared/lib/runtime-config';
import { aboutIndexSections } from './about-sections';

function AreaLink({
  to,
  label,
  active,
  nested = false,
}: {
  to: string;
  label: string;
  active: boolean;
  nested?: boolean;
}) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      active={active}
      aria-current={active ? 'page' : undefined}
      pl={nested ? 'xl' : undefined}
    />
  );
}

/** The About area: a navigation of its pages beside the page itself; every page is anonymous (spec §2). */
export function AboutLayout() {
  const { t } = useTranslation('about');
  const paths = usePaths();
  const { pathname } = useLocation();
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <nav aria-label={t('navLabel')}>
          <AreaLink to={paths.about} label={t('nav.overview')} active={pathname === paths.about} />
          <AreaLink
            to={paths.aboutWhoWeAre}
            label={t('nav.whoWeAre')}
            active={pathname === paths.aboutWhoWeAre || pathname === paths.aboutUs}
          />
          <AreaLink to={paths.aboutIndex} label={t('nav.index')} active={pathname === paths.aboutIndex} />
          {aboutIndexSections.map((section) => (
            <AreaLink
              key={section}
              to={paths.aboutIndexSection(section)}
              label={t(`index.sections.${section}.title`)}
              active={pathname === paths.aboutIndexSection(section)}
              nested
            />
          ))}
          <AreaLink to={paths.aboutContact} label={t('nav.contact')} active={pathname === paths.aboutContact} />
          <AreaLink to={paths.aboutLicenses} label={t('nav.licenses')} active={pathname === paths.aboutLicenses} />
        </nav>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
