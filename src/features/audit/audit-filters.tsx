import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { auditActions } from '#common/contract';
import { useSession } from '../../shared/auth/session-context';
import { FieldMessages, fieldsFor, type SelectOption } from '../../shared/ui/form';
import { noAuditFilters, useAuditStaff, type AuditFilters } from './api';
import {
  auditFiltersFormSchema,
  auditFiltersFromForm,
  emptyAuditFiltersForm,
  type AuditFiltersFormValues,
} from './audit-filters-schema';

const { DateField, SelectField, TextField } = fieldsFor<AuditFiltersFormValues>();

/** The staff a filter offers: the administrator first, then everyone else by name, other administrators too. */
function useStaffOptions(): SelectOption[] {
  const { t, i18n } = useTranslation('audit');
  const session = useSession();
  const staff = useAuditStaff();
  const own: SelectOption[] =
    session.userDatabaseId === null ? [] : [{ value: String(session.userDatabaseId), label: t('filters.you') }];
  const others = staff
    .filter((member) => member.id !== session.userDatabaseId)
    .map((member) => ({
      value: String(member.id),
      label: t('actor.named', { name: member.name, role: t(`roles.${member.role}`) }),
    }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.resolvedLanguage));
  return [...own, ...others];
}

/**
 * The audit screen's filters (issue 35): a patient id, a staff member, an action and a period. They apply on
 * "Show entries", so the list is not read again at every keystroke; "Clear filters" shows everything again.
 */
export function AuditFiltersForm({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const { t, i18n } = useTranslation('audit');
  const staffOptions = useStaffOptions();
  const form = useForm<AuditFiltersFormValues>({
    resolver: zodResolver(auditFiltersFormSchema),
    mode: 'onSubmit',
    defaultValues: emptyAuditFiltersForm,
  });
  const actionOptions: SelectOption[] = auditActions
    .map((action) => ({ value: action, label: t(`actions.${action}`) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.resolvedLanguage));

  const onSubmit = form.handleSubmit((values) => {
    onApply(auditFiltersFromForm(values));
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        role="search"
        aria-label={t('filters.label')}
        onSubmit={(event) => {
          void onSubmit(event);
        }}
      >
        <FieldMessages message={(key) => t(key)}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
              <TextField name="patientId" label={t('filters.patientId')} inputMode="numeric" maxLength={10} />
              <SelectField
                name="userId"
                label={t('filters.user')}
                placeholder={t('filters.anyone')}
                options={staffOptions}
              />
              <SelectField
                name="action"
                label={t('filters.action')}
                placeholder={t('filters.anyAction')}
                options={actionOptions}
              />
              <DateField name="from" label={t('filters.from')} />
              <DateField name="to" label={t('filters.to')} />
            </SimpleGrid>
            <Group gap="sm">
              <Button type="submit">{t('filters.apply')}</Button>
              <Button
                variant="default"
                onClick={() => {
                  form.reset(emptyAuditFiltersForm);
                  onApply(noAuditFilters);
                }}
              >
                {t('filters.clear')}
              </Button>
            </Group>
          </Stack>
        </FieldMessages>
      </form>
    </FormProvider>
  );
}
