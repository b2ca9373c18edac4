import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import { useCallback, useId, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { passwordErrorCodes } from '#common/contract';
import { isApiError } from '../../shared/api/http';
import { maxPasswordLength, requiresCurrentPassword, type PasswordMode } from '#common/validation/password';
import { useUnsavedChanges } from '../../shared/lib/unsaved-changes';
import { applyServerErrors, FieldMessages, fieldsFor, FormActions } from '../../shared/ui/form';
import { toast } from '../../shared/ui/toast';
import { useDelayedAutofocus } from '../../shared/ui/use-delayed-autofocus';
import {
  passwordPageFields,
  passwordPageSchema,
  type PasswordPageField,
  type PasswordPageForm,
} from './password-form-schema';
import { PasswordRulesChecklist } from './password-rules-checklist';
import { Notice } from '../../shared/ui';

const { EmailField, PasswordField } = fieldsFor<PasswordPageForm>();

/** What went wrong that no field can show. */
type FormFailure = 'offline' | 'locked' | 'concurrent' | 'failed';

const failureKeys: Readonly<Record<FormFailure, string>> = {
  offline: 'common:ERROR_OFFLINE_NOTHING_SENT',
  locked: 'ERROR_ACCOUNT_LOCKED',
  concurrent: 'ERROR_PASSWORD_CHANGED_CONCURRENTLY',
  failed: 'ERROR_UPDATING_PASSWORD',
};

export interface PasswordFormProps {
  mode: PasswordMode;
  /** The account's user name (email) when the page knows it; the expired page asks for it instead. */
  userName: string | null;
  /** The expired-password page: an email field, prefilled with the address sign-in was tried with. */
  askEmail?: { defaultValue: string };
  submitLabel: string;
  /** Sends the form; a rejected ApiError is shown on the fields or above the form. */
  onSubmit: (values: PasswordPageForm) => Promise<void>;
  /** The server said the link no longer works (used meanwhile, replaced or expired). */
  onTokenInvalid?: () => void;
  onCancel?: () => void;
}

/**
 * Spec §2/§5 password form of every mode: current password (Expired and normal only), new password with the
 * rules checked live as the person types, and its confirmation. The rules are the shared validator the server
 * runs too; whatever the server still refuses (a common breached password, a wrong current password) lands on
 * the field it concerns, and nothing typed is lost.
 */
export function PasswordForm({
  mode,
  userName,
  askEmail,
  submitLabel,
  onSubmit,
  onTokenInvalid,
  onCancel,
}: PasswordFormProps) {
  const { t } = useTranslation('password');
  const rulesId = useId();
  const [failure, setFailure] = useState<{ kind: FormFailure; error: unknown } | null>(null);
  const withCurrent = requiresCurrentPassword(mode);
  const withEmail = askEmail !== undefined;
  const schema = useMemo(() => passwordPageSchema({ mode, userName, withEmail }), [mode, userName, withEmail]);
  const form = useForm<PasswordPageForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      userEmail: askEmail?.defaultValue ?? '',
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    },
  });
  const {
    handleSubmit,
    setError,
    setFocus,
    control,
    formState: { isSubmitting, isDirty },
  } = form;
  useUnsavedChanges(isDirty);
  const newPassword = useWatch({ control, name: 'newPassword' });
  const typedEmail = useWatch({ control, name: 'userEmail' });
  const firstField: PasswordPageField =
    withEmail && askEmail.defaultValue === '' ? 'userEmail' : withCurrent ? 'currentPassword' : 'newPassword';
  // Spec §9: the first field to fill takes the focus after 100 ms, except on touch devices.
  const focusFirstField = useCallback(() => {
    setFocus(firstField);
  }, [setFocus, firstField]);
  useDelayedAutofocus(focusFirstField);

  const submit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        await onSubmit(values);
      } catch (error) {
        const fail = (kind: FormFailure) => {
          setFailure({ kind, error });
        };
        if (!isApiError(error)) fail('failed');
        else if (error.isNetworkError) fail('offline');
        else if (error.code === passwordErrorCodes.tokenInvalid && onTokenInvalid) onTokenInvalid();
        else if (error.code === passwordErrorCodes.accountLocked) fail('locked');
        // Another change of the same password won (409): this one changed nothing, and what was typed stays.
        else if (error.code === passwordErrorCodes.passwordChangedConcurrently) fail('concurrent');
        // A field shows its first message; the server lists them in the checklist's order.
        else if (applyServerErrors(error, setError, passwordPageFields) !== 'fields') fail('failed');
      }
    },
    () => {
      toast.error(t('common:ERROR_FORM_VALIDATION_ERRORS'));
    },
  );

  return (
    <FormProvider {...form}>
      <FieldMessages message={(key) => t(key, { ns: ['password', 'common'] })}>
        <form
          noValidate
          onSubmit={(event) => {
            void submit(event);
          }}
        >
          <Stack gap="md">
            {failure && (
              <Notice tone="error" error={failure.error}>
                {t(failureKeys[failure.kind])}
              </Notice>
            )}
            {withEmail && <EmailField name="userEmail" label={t('email')} autoComplete="username" required />}
            {withCurrent && (
              <PasswordField
                name="currentPassword"
                label={t('currentPassword')}
                autoComplete="current-password"
                required
                maxLength={maxPasswordLength}
              />
            )}
            <PasswordField
              name="newPassword"
              label={t('newPassword')}
              autoComplete="new-password"
              required
              maxLength={maxPasswordLength}
              inputWrapperOrder={['label', 'input', 'error', 'description']}
              description={
                <PasswordRulesChecklist
                  id={rulesId}
                  password={newPassword}
                  userName={withEmail ? typedEmail.trim() || null : userName}
                />
              }
              // The checklist is a list, which cannot sit in Mantine's description paragraph, and needs full contrast.
              descriptionProps={{ component: 'div', style: { color: 'var(--mantine-color-text)' } }}
            />
            <PasswordField
              name="confirmPassword"
              label={t('confirmPassword')}
              autoComplete="new-password"
              required
              maxLength={maxPasswordLength}
            />
            <FormActions submitLabel={submitLabel} busy={isSubmitting} onCancel={onCancel} />
          </Stack>
        </form>
      </FieldMessages>
    </FormProvider>
  );
}
