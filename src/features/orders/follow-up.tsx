// Over 300 lines: the pieces of one dialog, following an order (issue 18): its progress badge and column, timeline,
// cancellation and the actions that open them; the hand-over to a phone and the printed letter are in handoff.tsx.
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, type BadgeProps, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  cancelOrderRequestSchema,
  unableToTakeReasonSchema,
  type CancelOrderRequest,
  type AssessmentOrder,
  type OrderEvent,
  type OrderProgressId,
} from '#common/contract';
import { useCapability } from '../../shared/api/capabilities';
import { useHttp } from '../../shared/api/http-context';
import { useEntitlement } from '../../shared/auth/session-context';
import { useFormatters } from '../../shared/lib/i18n/format';
import { languageNameIn } from '#common/languages';
import { maxTextAreaLength } from '#common/validation/messages';
import { useRuntimeConfig } from '../../shared/lib/runtime-config';
import { LoadError, Loading, Notice } from '../../shared/ui';
import { fieldsFor } from '../../shared/ui/form';
import type { GeneralListColumn } from '../../shared/ui/general-list';
import { isNothingSent, OfflineWriteReason, WriteButton } from '../../shared/ui/offline';
import { toast } from '../../shared/ui/toast';
import { orderQueries, useCancelOrder, useResendLink } from './api';
import { HandoffButtons, HandoffView, useHandoffState, type HandoffState } from './handoff';
import { orderProgressOf } from './order-progress';

const { TextareaField } = fieldsFor<CancelOrderRequest>();

/** Progress a person should look at: the patient is stuck or the order is gone. */
const attentionProgress: readonly OrderProgressId[] = ['LOCKED', 'EXPIRED', 'CANCELLED'];

/**
 * A status badge that wraps its words in a narrow column instead of cutting them ("In prog…" on an 820 px tablet),
 * its text dark on the badge's tint: even the darkest teal reads below 4.5:1 on the light teal of a finished order.
 */
export const wrappingBadgeProps = {
  c: 'dark.9',
  variant: 'light',
  radius: 'sm',
  tt: 'none',
  styles: {
    root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', paddingBlock: 2 },
    label: { overflow: 'visible', whiteSpace: 'normal', textOverflow: 'clip', lineHeight: 1.3 },
  },
} as const satisfies BadgeProps;

/** The order's progress as a badge (issue 18), beside the spec's status. */
export function ProgressBadge({ id }: { id: OrderProgressId }) {
  const { t } = useTranslation('orders');
  const color = id === 'FINISHED' ? 'teal' : attentionProgress.includes(id) ? 'red' : 'blue';
  return (
    <Badge color={color} data-status-badge="" {...wrappingBadgeProps}>
      {t(`progress.${id}`)}
    </Badge>
  );
}

/** The progress as a button that opens the order's timeline; its name says whose order and from when. */
function ProgressButton({ id, label, onOpen }: { id: OrderProgressId; label: string; onOpen: () => void }) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      h="auto"
      py={2}
      px={4}
      maw="100%"
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
      aria-label={label}
      onClick={onOpen}
    >
      <ProgressBadge id={id} />
    </Button>
  );
}

/**
 * The Progress column of a list of orders (the patient's table, the open orders): each order's progress opens its
 * timeline. A list of several patients' orders names the patient in the button's name.
 */
export function useProgressColumn<T>(
  orderOf: (row: T) => AssessmentOrder,
  onOpen: (order: AssessmentOrder) => void,
  { withPatientName }: { withPatientName: boolean },
): GeneralListColumn<T> {
  const { t } = useTranslation('orders');
  const { formatDate } = useFormatters();
  // Issue 37: without the follow-up calls there is no timeline to open; the progress is shown as it is.
  const followsUp = useCapability('followUp').offered;
  return {
    accessor: 'progress',
    title: t('table.progress'),
    render: (row) => {
      const order = orderOf(row);
      const progress = orderProgressOf(order).id;
      if (!followsUp) return <ProgressBadge id={progress} />;
      const facts = {
        name: order.patient.name,
        date: formatDate(order.orderDate),
        progress: t(`progress.${progress}`),
      };
      return (
        <ProgressButton
          id={progress}
          label={withPatientName ? t('followUpList.openLabel', facts) : t('followUp.openLabel', facts)}
          onOpen={() => {
            onOpen(order);
          }}
        />
      );
    },
  };
}

/** Why a follow-up action did nothing: offline (nothing was sent) or refused. Nothing while it has not failed. */
function ActionFailed({ error }: { error: unknown }) {
  const { t } = useTranslation('orders');
  if (error === null) return null;
  return (
    <Notice tone="error" error={error}>
      {isNothingSent(error) ? t('common:ERROR_OFFLINE_NOTHING_SENT') : t('followUp.actionFailed')}
    </Notice>
  );
}

/** What an event says, with its facts, in the interface language. */
function useEventText() {
  const { t } = useTranslation('orders');
  const { language: reader } = useFormatters();
  return (event: OrderEvent): string => {
    const { detail } = event;
    const by = event.actor ? t('followUp.by', { name: event.actor.name }) : '';
    const facts: Record<string, string | number> = {
      email: detail.email ?? '',
      attempt: detail.attempt ?? 0,
      of: detail.of ?? 0,
      // Issue 32: why the person could not take the test, in words (a reason the contract does not know: "other").
      reason:
        event.kind === 'UNABLE_TO_TAKE'
          ? t(`followUp.unableReason.${unableToTakeReasonSchema.safeParse(detail.reason).data ?? 'other'}`)
          : (detail.reason ?? ''),
      details: detail.details ?? '',
      code: detail.errorCode ?? '',
      reminder: detail.reminder ?? 0,
      language: detail.language ? (languageNameIn(detail.language, reader) ?? detail.language) : '',
      device: detail.deviceClass ? t(`followUp.device.${detail.deviceClass}`) : '',
    };
    // What the person wrote, when they wrote something, has a sentence of its own.
    const key = event.kind === 'UNABLE_TO_TAKE' && detail.details ? 'UNABLE_TO_TAKE_details' : event.kind;
    return [t(`followUp.event.${key}`, facts), by].filter((part) => part !== '').join(' ');
  };
}

function Timeline({ events }: { events: readonly OrderEvent[] }) {
  const { t } = useTranslation('orders');
  const { formatDateTime, formatRelative } = useFormatters();
  const text = useEventText();
  return (
    <Stack component="ol" gap="xs" aria-label={t('followUp.timelineLabel')} style={{ paddingLeft: '1.25rem' }}>
      {events.map((event) => (
        <li key={event.id}>
          <Text size="sm">{text(event)}</Text>
          <Text size="xs" c="dimmed">
            <time dateTime={event.at} title={formatDateTime(event.at)}>
              {formatRelative(event.at)}
            </time>
          </Text>
        </li>
      ))}
    </Stack>
  );
}

function CancelForm({ order, onDone }: { order: AssessmentOrder; onDone: () => void }) {
  const { t } = useTranslation('orders');
  const cancel = useCancelOrder();
  const form = useForm<CancelOrderRequest>({
    resolver: zodResolver(cancelOrderRequestSchema),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    // The form leaves the page as soon as the order reads cancelled, before a per-call callback would run.
    try {
      await cancel.mutateAsync({ orderId: order.id, reason });
    } catch {
      return;
    }
    toast.success(t('followUp.cancelled'));
    onDone();
  });
  return (
    <FormProvider {...form}>
      <form noValidate aria-label={t('followUp.cancel')} onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="xs">
          <TextareaField name="reason" label={t('followUp.cancelReason')} required maxLength={maxTextAreaLength} />
          <ActionFailed error={cancel.error} />
          <Group>
            <WriteButton type="submit" color="red" loading={cancel.isPending}>
              {t('followUp.confirmCancel')}
            </WriteButton>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

function Actions({
  order,
  handoff,
  backFromHandoff,
}: {
  order: AssessmentOrder;
  handoff: HandoffState;
  backFromHandoff: boolean;
}) {
  const { t } = useTranslation('orders');
  const resend = useResendLink();
  const [cancelling, setCancelling] = useState(false);
  const home = order.assessmentOrderType.id === 'HOME';
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('followUp.actions')}
      </Title>
      <Group gap="sm">
        {home && (
          <WriteButton
            variant="default"
            loading={resend.isPending}
            onClick={() => {
              void resend
                .mutateAsync(order.id)
                .then(() => {
                  toast.success(t('followUp.resent', { email: order.assessmentOrderEmail }));
                })
                .catch(() => undefined);
            }}
          >
            {t('followUp.resend')}
          </WriteButton>
        )}
        <WriteButton
          variant="default"
          color="red"
          aria-expanded={cancelling}
          onClick={() => {
            setCancelling((open) => !open);
          }}
        >
          {t('followUp.cancel')}
        </WriteButton>
      </Group>
      <ActionFailed error={resend.error} />
      {cancelling && (
        <CancelForm
          order={order}
          onDone={() => {
            setCancelling(false);
          }}
        />
      )}
      <Stack gap="xs">
        <HandoffButtons handoff={handoff} focusFirst={backFromHandoff} />
        <ActionFailed error={handoff.error} />
      </Stack>
      <OfflineWriteReason />
    </Stack>
  );
}

/**
 * Issue 18: an order followed to the end. Its progress and every event, newest last, with relative times (exact on
 * hover); whoever may order can resend the link, cancel, or hand the order to the patient's phone. Cops read it.
 */
export function OrderFollowUpDialog({
  order,
  patientLanguage,
  onClose,
}: {
  order: AssessmentOrder;
  patientLanguage: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const { formatDate } = useFormatters();
  const canAct = useEntitlement('addAssessmentOrder');
  const timeline = useQuery(orderQueries.timeline(http, product, order.id));
  const progress = timeline.data?.progress.id ?? orderProgressOf(order).id;
  const open = progress !== 'FINISHED' && progress !== 'CANCELLED';
  const handoff = useHandoffState(order);
  const [backFromHandoff, setBackFromHandoff] = useState(false);
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('followUp.title', { date: formatDate(order.orderDate) })}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {handoff.shown ? (
        <HandoffView
          order={order}
          handoff={handoff}
          shown={handoff.shown}
          patientLanguage={patientLanguage}
          onBack={() => {
            handoff.close();
            setBackFromHandoff(true);
          }}
        />
      ) : (
        <Stack gap="md">
          <Group gap="sm">
            {/* The timeline's own progress: the table's copy may be a moment old. */}
            <ProgressBadge id={progress} />
            {order.linkExpiresOn && open && (
              <Text size="sm">{t('followUp.linkExpires', { date: formatDate(order.linkExpiresOn) })}</Text>
            )}
          </Group>
          {timeline.isPending ? (
            <Loading label={t('followUp.loading')} size="sm" />
          ) : timeline.isError ? (
            <LoadError
              title={t('followUp.loadFailed')}
              error={timeline.error}
              onRetry={() => void timeline.refetch()}
            />
          ) : (
            <Timeline events={timeline.data.events} />
          )}
          {canAct && open && <Actions order={order} handoff={handoff} backFromHandoff={backFromHandoff} />}
        </Stack>
      )}
    </Modal>
  );
}
