import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHttp } from '../../shared/api/http-context';
import { useEntitlement } from '../../shared/auth/session-context';
import { usePaths, useRuntimeConfig } from '../../shared/lib/runtime-config';
import { toast } from '../../shared/ui/toast';
import { isAppleHandheld, reportPageUrl, reportQueries } from './api';
import { clientLog } from '../../shared/api/client-log';

/**
 * Spec §2/§6 patient report view: shown only with viewReport (a technician sees only the date of the last result)
 * and only when there is a result. It opens the report dialog; on an iPhone or iPad the report opens in a new tab.
 */
export function ReportButton({ patientId, hasResults }: { patientId: number; hasResults: boolean }) {
  const { t, i18n } = useTranslation('reports');
  const canView = useEntitlement('viewReport');
  const paths = usePaths();
  const http = useHttp();
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  if (!canView || !hasResults) return null;

  if (isAppleHandheld(navigator)) {
    return (
      <Button
        variant="light"
        onClick={() => {
          // The tab opens now, inside the tap, or Safari blocks it; the address follows once the token is there.
          const tab = window.open('about:blank', '_blank');
          if (tab) tab.opener = null;
          queryClient
            .query(reportQueries.access(http, config.product, patientId))
            .then((access) => {
              const url = reportPageUrl(config, window.location.origin, patientId, access, i18n.language);
              if (tab) tab.location.href = url;
              else window.location.assign(url);
            })
            .catch(() => {
              tab?.close();
              clientLog.warn('report.loadFailed');
              toast.error(t('notAvailable'));
            });
        }}
      >
        {t('viewReport')}
      </Button>
    );
  }
  return (
    <Button component={Link} to={paths.patientReport(patientId)} variant="light">
      {t('viewReport')}
    </Button>
  );
}
