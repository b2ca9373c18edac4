import { Button, Group, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../lib/unsaved-changes';
import { toast } from '../ui/toast';
import { applySaveError } from './person-form';
import { Notice } from '../ui';
import { useOnline } from '../api/connectivity';

export interface PersonSubmitOptions<T extends FieldValues, O, P> {
  setError: UseFormSetError<T>;
  /** Sends the checked values; resolves with the profile as the server stored it. */
  save: (values: O) => Promise<P>;
  onSaved: (saved: P) => void;
  /** The toast once saved, e.g. 'Rosa Alvarez was saved'. */
  savedText: (saved: P) => string;
  /** What the form says when saving failed for a reason none of its fields holds. */
  failureText: string;
}

/**
 * Spec §7 saving a profile (patient, clinician or technician): a toast once saved; a refused email or field is
 * shown on its field with a toast; offline and any other failure are said above the fields. What was typed stays.
 */
export function usePersonSubmit<T extends FieldValues, O, P>(options: PersonSubmitOptions<T, O, P>) {
  const { t } = useTranslation('common');
  const [failure, setFailure] = useState<{ text: string; error: unknown } | null>(null);
  const submit = async (values: O) => {
    setFailure(null);
    try {
      const saved = await options.save(values);
      toast.success(options.savedText(saved));
      options.onSaved(saved);
    } catch (error) {
      const outcome = applySaveError(error, options.setError);
      if (outcome === 'emailInUse') toast.error(t('VALID_EMAIL_ALREADY_IN_USE'));
      else if (outcome === 'fields') toast.error(t('ERROR_FORM_VALIDATION_ERRORS'));
      else if (outcome === 'offline') setFailure({ text: t('ERROR_OFFLINE_NOTHING_SENT'), error });
      else setFailure({ text: options.failureText, error });
    }
  };
  return { failure, submit };
}

export type PersonFormFrameProps<T extends FieldValues, O, P> = Omit<PersonSubmitOptions<T, O, P>, 'setError'> & {
  form: UseFormReturn<T, unknown, O>;
  onCancel: () => void;
  children: ReactNode;
};

/**
 * The frame every person form shares: the form context its fields bind to, the failure above the fields, the
 * offline note and the Cancel and Save buttons (Save is off while offline: writes are never queued, DESIGN §3).
 */
export function PersonFormFrame<T extends FieldValues, O, P>({
  form,
  onCancel,
  children,
  ...options
}: PersonFormFrameProps<T, O, P>) {
  const { t } = useTranslation('profiles');
  const online = useOnline();
  const { failure, submit } = usePersonSubmit({ ...options, setError: form.setError });
  const { isSubmitting, isDirty } = form.formState;
  useUnsavedChanges(isDirty);
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => {
          void form.handleSubmit(submit, () => {
            toast.error(t('common:ERROR_FORM_VALIDATION_ERRORS'));
          })(event);
        }}
      >
        <Stack gap="sm">
          {failure && (
            <Notice tone="error" error={failure.error}>
              {failure.text}
            </Notice>
          )}
          {children}
          {!online && <Notice tone="warning">{t('saveOffline')}</Notice>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!online}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
