import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AssessmentOrder, type PatientProfile, type ProviderService } from '#common/contract';
import { isApiError } from '../../shared/api/http';
import { useHttp } from '../../shared/api/http-context';
import { usePaths, useRuntimeConfig } from '../../shared/lib/runtime-config';
import { RouteDialog } from '../../shared/ui/route-dialog';
import { applyServerErrors, FieldMessages, fieldsFor, FormActions } from '../../shared/ui/form';
import { toast } from '../../shared/ui/toast';
import { ProfileLoadError, useRoutedPatient } from '../../shared/person';
import { providerServiceQueries } from '../../shared/api/provider-service-queries';
import { useCreateOrder } from './api';
import {
  offeredOrderTypes,
  orderFormDefaults,
  orderFormPathOf,
  orderFormSchema,
  orderPayload,
  type OrderFormOutput,
  type OrderFormValues,
} from './order-form-schema';
import { useOrderText } from '../../shared/lib/i18n/order-text';
import { Loading, Notice } from '../../shared/ui';
import { OrderConfirmation } from './order-confirmation';

const { CheckboxField, EmailField, RadioField } = fieldsFor<OrderFormValues>();

/**
 * Spec §2 /patient/{patientId}/ordernewassessment: the single-order dialog over the patient's profile, then the
 * confirmation with its thank-you text. Closing either goes back to the profile.
 */
export function NewAssessmentDialog() {
  const { t } = useTranslation('orders');
  const http = useHttp();
  const paths = usePaths();
  const navigate = useNavigate();
  const { id, query: patient } = useRoutedPatient();
  const { product } = useRuntimeConfig();
  const serviceId = patient.data?.providerServices[0]?.id;
  const service = useQuery({
    ...providerServiceQueries.detail(http, product, serviceId ?? 0),
    enabled: serviceId !== undefined,
  });
  const [placed, setPlaced] = useState<AssessmentOrder | null>(null);

  if (id === null) return null;
  const back = () => void navigate(paths.profile('patient', id));

  if (placed) return <OrderPlacedDialog order={placed} onClose={back} />;

  let body;
  if (patient.isError && !patient.data) body = <ProfileLoadError error={patient.error} />;
  else if (service.isError && !service.data) body = <Problem message={t('ERROR_LOADING_BATTERIES')} />;
  else if (!patient.data || !service.data) body = <Loading label={t('loading')} />;
  else if (patient.data.isDisabled) body = <Problem message={t('ERROR_PATIENT_DEACTIVATED')} />;
  else if (service.data.supportedBatteryTypes.length === 0)
    body = <Problem message={t('ERROR_NO_SUPPORTED_BATTERY')} />;
  else body = <OrderForm patient={patient.data} service={service.data} onPlaced={setPlaced} onCancel={back} />;
  return (
    <RouteDialog title={t('newAssessmentTitle')} onClose={back}>
      {body}
    </RouteDialog>
  );
}

function Problem({ message }: { message: string }) {
  return <Notice tone="error">{message}</Notice>;
}

/** Spec §2: the assessment confirm dialog, thank-you text and Close. */
function OrderPlacedDialog({ order, onClose }: { order: AssessmentOrder; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const text =
    order.assessmentOrderType.id === 'HOME'
      ? t('TEXT_ASSESSMENT_ORDERED_HOME', { name: order.patient.name, email: order.assessmentOrderEmail })
      : t('TEXT_ASSESSMENT_ORDERED_SITE', { name: order.patient.name });
  return (
    <OrderConfirmation onClose={onClose}>
      <Text mb="lg">{text}</Text>
    </OrderConfirmation>
  );
}

interface OrderFormProps {
  patient: PatientProfile;
  service: ProviderService;
  onPlaced: (order: AssessmentOrder) => void;
  onCancel: () => void;
}

function OrderForm({ patient, service, onPlaced, onCancel }: OrderFormProps) {
  const { t } = useTranslation('orders');
  const text = useOrderText();
  const create = useCreateOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const types = offeredOrderTypes(service);
  const batteries = service.supportedBatteryTypes;
  const onlyBattery = batteries.length === 1 ? batteries[0] : undefined;
  const form = useForm<OrderFormValues, unknown, OrderFormOutput>({
    resolver: zodResolver(orderFormSchema({ batteryRequired: batteries.length > 1 })),
    defaultValues: orderFormDefaults(patient, service),
    mode: 'onTouched',
  });
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;
  const type = useWatch({ control, name: 'assessmentOrderType' });

  const onValid = async (values: OrderFormOutput) => {
    setFailure(null);
    try {
      onPlaced(await create.mutateAsync(orderPayload(values, patient.id)));
    } catch (error) {
      const code = isApiError(error) ? error.code : null;
      if (code === 'PATIENT_DEACTIVATED') setFailure(t('ERROR_PATIENT_DEACTIVATED'));
      else if (code === 'NO_SUPPORTED_BATTERY') setFailure(t('ERROR_NO_SUPPORTED_BATTERY'));
      else {
        const outcome = applyServerErrors(error, setError, orderFormPathOf);
        if (outcome === 'fields') toast.error(t('common:ERROR_FORM_VALIDATION_ERRORS'));
        else
          setFailure(
            t(outcome === 'offline' ? 'common:ERROR_OFFLINE_NOTHING_SENT' : 'ERROR_SAVING_NEW_PATIENT_ASSESSMENT'),
          );
      }
    }
  };

  return (
    <FormProvider {...form}>
      <FieldMessages message={text.fieldMessage}>
        <form
          noValidate
          onSubmit={(event) => {
            void handleSubmit(onValid, () => {
              toast.error(t('common:ERROR_FORM_VALIDATION_ERRORS'));
            })(event);
          }}
        >
          <Stack gap="md">
            <Text>{t('newAssessmentFor', { name: patient.name })}</Text>
            {failure && <Problem message={failure} />}
            <RadioField
              name="assessmentOrderType"
              label={t('fields.orderType')}
              required
              options={types.map((offered) => ({
                value: offered.id,
                label: text.orderType(offered.id),
                description: t(`orderTypeHint.${offered.id}`),
              }))}
            />
            {onlyBattery ? (
              <Text>{t('fields.onlyBattery', { name: text.battery(onlyBattery.code, onlyBattery.name) })}</Text>
            ) : (
              <RadioField
                name="batteryTypeCode"
                label={t('fields.battery')}
                required
                options={batteries.map((battery) => ({
                  value: battery.code,
                  label: text.battery(battery.code, battery.name),
                }))}
              />
            )}
            {type === 'HOME' && (
              <>
                <EmailField name="email" label={t('fields.email')} required description={t('fields.emailHint')} />
                <EmailField name="confirmEmail" label={t('fields.confirmEmail')} required rules={{ deps: ['email'] }} />
                <CheckboxField name="makeDefaultEmail" label={t('fields.makeDefaultEmail')} />
              </>
            )}
            <FormActions submitLabel={t('placeOrder')} busy={isSubmitting} onCancel={onCancel} />
          </Stack>
        </form>
      </FieldMessages>
    </FormProvider>
  );
}
