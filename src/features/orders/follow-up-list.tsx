import { Anchor, NativeSelect, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  expiringAttentionDays,
  followUpFilterSchema,
  notOpenedAttentionDays,
  type FollowUpFilter,
  type FollowUpItem,
} from '#common/contract';
import { useCapability } from '../../shared/api/capabilities';
import { useHttp } from '../../shared/api/http-context';
import { useCurrentProviderServiceId } from '../../shared/auth/session-context';
import { useFormatters } from '../../shared/lib/i18n/format';
import { useOrderText } from '../../shared/lib/i18n/order-text';
import { usePaths, useRuntimeConfig } from '../../shared/lib/runtime-config';
import { EmptyState, LoadError, Loading } from '../../shared/ui';
import { ListGrid, type GeneralListColumn, type ListSort } from '../../shared/ui/general-list';
import { OrderFollowUpDialog, useProgressColumn } from './follow-up';
import { orderQueries } from './queries';

/** The server answers in its own order (most pressing first, then newest): the columns do not re-sort it. */
const serverOrder: ListSort = { orderBy: '', ascending: true };
const keepServerOrder = () => undefined;

/**
 * Issue 18: the open orders followed to the end. On the clinician's home, those that need a person (a locked link,
 * a runner error, a link that ran out or is about to, a link nobody opened); on the Orders tab, every open order,
 * narrowed by progress. Each order's progress opens its timeline and actions.
 */
export function FollowUpOrders({ mode }: { mode: 'attention' | 'browse' }) {
  // Issue 37: an API without the follow-up calls has no such list; the page goes on without it.
  return useCapability('followUp').offered ? <FollowUpOrdersList mode={mode} /> : null;
}

function FollowUpOrdersList({ mode }: { mode: 'attention' | 'browse' }) {
  const { t } = useTranslation('orders');
  const http = useHttp();
  const paths = usePaths();
  const { product } = useRuntimeConfig();
  const providerServiceId = useCurrentProviderServiceId();
  const text = useOrderText();
  const { formatDate } = useFormatters();
  const titleId = useId();
  const [filter, setFilter] = useState<FollowUpFilter>(mode === 'attention' ? 'ATTENTION' : 'ALL');
  const [followedId, setFollowedId] = useState<number | null>(null);
  const progressColumn = useProgressColumn<FollowUpItem>(
    (item) => item.order,
    (order) => {
      setFollowedId(order.id);
    },
    { withPatientName: true },
  );
  // Another progress keeps the rows on screen until its own arrive, instead of flashing a loader.
  const query = useQuery({
    ...orderQueries.followUp(http, product, filter, providerServiceId),
    placeholderData: keepPreviousData,
  });
  const title = mode === 'attention' ? t('attention.title') : t('followUpList.title');

  const columns: GeneralListColumn<FollowUpItem>[] = [
    {
      accessor: 'patient',
      title: t('followUpList.patient'),
      render: ({ order }) => (
        <Anchor component={Link} to={paths.profile('patient', order.patient.id)} size="sm">
          {order.patient.name}
        </Anchor>
      ),
    },
    { accessor: 'orderDate', title: t('table.orderDate'), render: ({ order }) => formatDate(order.orderDate) },
    {
      accessor: 'location',
      title: t('table.location'),
      render: ({ order }) => text.orderType(order.assessmentOrderType.id),
    },
    progressColumn,
    {
      accessor: 'attention',
      title: t('followUpList.attention'),
      render: ({ attention }) =>
        attention
          ? t(`attention.reason.${attention}`, {
              days: attention === 'NOT_OPENED' ? notOpenedAttentionDays : expiringAttentionDays,
            })
          : '',
    },
    {
      accessor: 'linkExpiresOn',
      title: t('followUpList.linkExpires'),
      render: ({ order }) => formatDate(order.linkExpiresOn),
    },
  ];

  const followed = query.data?.find((item) => item.order.id === followedId);
  let body;
  if (query.isPending) body = <Loading label={t('followUpList.loading')} size="sm" />;
  else if (query.isError && !query.data) {
    body = <LoadError title={t('followUpList.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    const items = query.data;
    body = (
      <ListGrid<FollowUpItem>
        aria-labelledby={titleId}
        withTableBorder
        striped
        minHeight={items.length === 0 ? 100 : undefined}
        idAccessor={(item) => item.order.id}
        records={items}
        columns={columns}
        sort={serverOrder}
        onSortChange={keepServerOrder}
        emptyState={<EmptyState title={mode === 'attention' ? t('attention.none') : t('followUpList.none')} />}
      />
    );
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {title}
      </Title>
      {mode === 'browse' && (
        <NativeSelect
          label={t('followUpList.filter')}
          data={followUpFilterSchema.options.map((value) => ({
            value,
            label:
              value === 'ALL' || value === 'ATTENTION' ? t(`followUpList.filters.${value}`) : t(`progress.${value}`),
          }))}
          value={filter}
          maw={280}
          onChange={(event) => {
            const parsed = followUpFilterSchema.safeParse(event.currentTarget.value);
            if (parsed.success) setFilter(parsed.data);
          }}
        />
      )}
      {body}
      {followed && (
        <OrderFollowUpDialog
          order={followed.order}
          patientLanguage={followed.patientLanguage}
          onClose={() => {
            setFollowedId(null);
          }}
        />
      )}
    </Stack>
  );
}
