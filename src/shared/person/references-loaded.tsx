import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileReferences } from '#common/contract';
import { useHttp } from '../api/http-context';
import { LoadError, Loading } from '../ui/states';
import { referenceQueries } from './api';

/**
 * A profile form once the choices it offers (spec §3 profile references) are there: until then a loader, and a
 * message if they could not be read. `waiting` holds the loader for whatever else the form needs first.
 */
export function ReferencesLoaded({
  waiting = false,
  children,
}: {
  waiting?: boolean;
  children: (references: ProfileReferences) => ReactNode;
}) {
  const { t } = useTranslation('profiles');
  const http = useHttp();
  const references = useQuery(referenceQueries.profile(http));
  if (references.isPending || waiting) return <Loading label={t('loading')} />;
  // A saved copy serves the form when a later fetch fails (offline, issue 36).
  if (references.data === undefined)
    return <LoadError title={t('ERROR_FETCH_PROFILE_DATA')} error={references.error} />;
  return children(references.data);
}
