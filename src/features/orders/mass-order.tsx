import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, List, Loader, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PatientProfile } from '#common/contract';
import { useSession } from '../../shared/auth/session-context';
import { OfflineWriteReason, useWritesBlocked } from '../../shared/ui/offline';
import type { GeneralListSelection } from '../../shared/ui/general-list';
import { applyServerErrors, FieldMessages, fieldsFor, FormActions } from '../../shared/ui/form';
import { toast } from '../../shared/ui/toast';
import { providerServiceQueries } from '../../shared/api/provider-service-queries';
import { useHttp } from '../../shared/api/http-context';
import { useRuntimeConfig } from '../../shared/lib/runtime-config';
import { useMassOrder } from './api';
import {
  commonBatteries,
  commonOrderTypes,
  eligibilityOf,
  massOrderFormSchema,
  outcomeOf,
  providerServiceIdsOf,
  type MassOrderFormOutput,
  type MassOrderFormValues,
  type MassOrderOutcome,
} from './mass-order-model';
import { useOrderText } from '../../shared/lib/i18n/order-text';
import { Notice } from '../../shared/ui';
import { OrderConfirmation } from './order-confirmation';

const { SelectField } = fieldsFor<MassOrderFormValues>();

/**
 * Spec §2/§6: the patient list offers row selection and the mass-order action to clinicians only (they need
 * addAssessmentOrder too); everyone else gets a list without selection.
 */
export function useMassOrderSelection(): GeneralListSelection<PatientProfile> | undefined {
  const session = useSession();
  const allowed = session.userRole === 'clinician' && session.entitlements.includes('addAssessmentOrder');
  if (!allowed) return undefined;
  return {
    isSelectable: (patient) => !patient.isDisabled,
    renderActions: (selected, clear) => <MassOrderAction selected={selected} clear={clear} />,
  };
}

/** The action beside the selection; it owns the dialog and, after ordering, the confirmation. */
function MassOrderAction({ selected, clear }: { selected: readonly PatientProfile[]; clear: () => void }) {
  const { t } = useTranslation('orders');
  const writes = useWritesBlocked();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<MassOrderOutcome | null>(null);
  return (
    <>
      <Button
        size="xs"
        disabled={writes.blocked}
        aria-describedby={writes.reasonId}
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('mass.action')}
      </Button>
      <OfflineWriteReason />
      {open && (
        <MassOrderDialog
          selected={selected}
          onClose={() => {
            setOpen(false);
          }}
          onOrdered={(done) => {
            setOpen(false);
            setOutcome(done);
          }}
        />
      )}
      {outcome && (
        <MassOrderConfirmation
          outcome={outcome}
          onClose={() => {
            setOutcome(null);
            clear();
          }}
        />
      )}
    </>
  );
}

interface MassOrderDialogProps {
  selected: readonly PatientProfile[];
  onClose: () => void;
  onOrdered: (outcome: MassOrderOutcome) => void;
}

/** Spec §2 Mass-order dialog: order type and battery, the eligible and ineligible patients, busy while saving. */
function MassOrderDialog({ selected, onClose, onOrdered }: MassOrderDialogProps) {
  const { t } = useTranslation('orders');
  const text = useOrderText();
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const massOrder = useMassOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const services = useQueries({
    queries: providerServiceIdsOf(selected).map((id) => providerServiceQueries.detail(http, product, id)),
  });
  const form = useForm<MassOrderFormValues, unknown, MassOrderFormOutput>({
    resolver: zodResolver(massOrderFormSchema),
    defaultValues: { assessmentOrderType: '', batteryTypeCode: '' },
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError } = form;
  const type = useWatch({ control, name: 'assessmentOrderType' });
  const saving = massOrder.isPending;
  const eligibility = eligibilityOf(selected, type);
  const types = commonOrderTypes(selected);
  const loadedServices = services.flatMap((query) => (query.data ? [query.data] : []));
  const servicesFailed = services.some((query) => query.isError);
  const servicesLoading = loadedServices.length < services.length && !servicesFailed;
  const batteries = commonBatteries(loadedServices);

  const onValid = async (values: MassOrderFormOutput) => {
    setFailure(null);
    try {
      const result = await massOrder.mutateAsync({
        assessmentOrderType: values.assessmentOrderType,
        batteryTypeCode: values.batteryTypeCode,
        patientIds: selected.map((patient) => patient.id),
      });
      onOrdered(outcomeOf(values.assessmentOrderType, selected.length, result));
    } catch (error) {
      const outcome = applyServerErrors(error, setError, ['assessmentOrderType', 'batteryTypeCode']);
      setFailure(t(outcome === 'offline' ? 'common:ERROR_OFFLINE_NOTHING_SENT' : 'ERROR_ERROR_WITH_MASS_ORDERING'));
    }
  };

  return (
    <Modal
      opened
      onClose={() => {
        if (!saving) onClose();
      }}
      title={t('mass.title')}
      size="lg"
      withCloseButton={!saving}
      closeOnEscape={!saving}
      closeOnClickOutside={!saving}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <FormProvider {...form}>
        <FieldMessages message={text.fieldMessage}>
          <form
            noValidate
            aria-busy={saving}
            onSubmit={(event) => {
              void handleSubmit(onValid, () => {
                toast.error(t('common:ERROR_FORM_VALIDATION_ERRORS'));
              })(event);
            }}
          >
            <Stack gap="md">
              <Text role="status" fw={600}>
                {[
                  t('mass.selected', { count: selected.length }),
                  ...(type === '' ? [] : [t('mass.eligible', { count: eligibility.eligible.length })]),
                  t('mass.withoutEmail', { count: eligibility.withoutEmail }),
                ].join(' · ')}
              </Text>
              {failure && <Notice tone="error">{failure}</Notice>}
              {servicesFailed && <Notice tone="error">{t('ERROR_LOADING_BATTERIES')}</Notice>}
              <fieldset disabled={saving} style={{ border: 0, padding: 0, margin: 0 }}>
                <Stack gap="sm">
                  <SelectField
                    name="assessmentOrderType"
                    label={t('fields.orderType')}
                    required
                    placeholder={t('profiles:choose')}
                    options={types.map((id) => ({ value: id, label: text.orderType(id) }))}
                  />
                  <SelectField
                    name="batteryTypeCode"
                    label={t('fields.battery')}
                    required
                    disabled={servicesLoading}
                    placeholder={servicesLoading ? t('loading') : t('profiles:choose')}
                    options={batteries.map((battery) => ({
                      value: battery.code,
                      label: text.battery(battery.code, battery.name),
                    }))}
                  />
                </Stack>
              </fieldset>
              {type === '' ? (
                <Text size="sm">{t('mass.chooseTypeFirst')}</Text>
              ) : (
                <EligibilityLists eligibility={eligibility} />
              )}
              <FormActions
                submitLabel={type === '' ? t('mass.action') : t('mass.submit', { count: eligibility.eligible.length })}
                busy={saving}
                disabled={type !== '' && eligibility.eligible.length === 0}
                onCancel={onClose}
                cancelDisabled={saving}
                status={
                  saving && (
                    <Group gap="xs" role="status">
                      <Loader size="xs" aria-hidden />
                      <Text size="sm">{t('mass.saving')}</Text>
                    </Group>
                  )
                }
              />
            </Stack>
          </form>
        </FieldMessages>
      </FormProvider>
    </Modal>
  );
}

function EligibilityLists({ eligibility }: { eligibility: ReturnType<typeof eligibilityOf> }) {
  const { t } = useTranslation('orders');
  return (
    <Stack gap="sm">
      <section aria-labelledby="mass-order-eligible">
        <Title order={3} size="h5" id="mass-order-eligible">
          {t('mass.eligibleTitle', { count: eligibility.eligible.length })}
        </Title>
        {eligibility.eligible.length === 0 ? (
          <Text size="sm">{t('mass.noneEligible')}</Text>
        ) : (
          <ScrollArea.Autosize mah={160} type="auto">
            <List size="sm" aria-labelledby="mass-order-eligible">
              {eligibility.eligible.map((patient) => (
                <List.Item key={patient.id}>{patient.name}</List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        )}
      </section>
      {eligibility.ineligible.length > 0 && (
        <section aria-labelledby="mass-order-ineligible">
          <Title order={3} size="h5" id="mass-order-ineligible">
            {t('mass.ineligibleTitle', { count: eligibility.ineligible.length })}
          </Title>
          <ScrollArea.Autosize mah={160} type="auto">
            <List size="sm" aria-labelledby="mass-order-ineligible">
              {eligibility.ineligible.map(({ patient, reason }) => (
                <List.Item key={patient.id}>
                  {reason === 'noEmail'
                    ? t('mass.noEmail', { name: patient.name })
                    : `${patient.name}: ${t('ERROR_PATIENT_DEACTIVATED')}`}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </section>
      )}
    </Stack>
  );
}

/** Spec §8: the confirmation texts after a mass order (in clinic or at home, counts, no email, ineligible). */
function MassOrderConfirmation({ outcome, onClose }: { outcome: MassOrderOutcome; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const main = outcome.type === 'HOME' ? 'mass.TEXT_MASS_ORDER_HOME' : 'mass.TEXT_MASS_ORDER_SITE';
  return (
    <OrderConfirmation onClose={onClose}>
      <Stack gap="xs" mb="lg">
        <Text>{t(main, { count: outcome.ordered, selected: outcome.selected })}</Text>
        {outcome.ineligible > 0 && <Text>{t('mass.TEXT_MASS_ORDER_INELIGIBLE', { count: outcome.ineligible })}</Text>}
        {outcome.noEmail > 0 && <Text>{t('mass.TEXT_MASS_ORDER_NO_EMAIL', { count: outcome.noEmail })}</Text>}
      </Stack>
    </OrderConfirmation>
  );
}
