import { TextInput } from '@mantine/core';
import { useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRequiredHint } from '../../shared/ui/form/fields';
import { useDelayedAutofocus } from '../../shared/ui/use-delayed-autofocus';

/**
 * The email field of the sign-in and forgot-password forms: focused once the page has settled (spec §9), its
 * message a common validation key.
 */
export function EmailInput({
  registration,
  error,
  autoComplete,
}: {
  registration: UseFormRegisterReturn<'email'>;
  error: string | undefined;
  autoComplete: 'username' | 'email';
}) {
  const { t } = useTranslation('auth');
  const inputRef = useRef<HTMLInputElement | null>(null);
  useDelayedAutofocus(inputRef);
  const { ref, ...field } = registration;
  // Spec §5 TEXT_FIELD_REQUIRED: shown on hover and focus, read with the field.
  const requiredHint = useRequiredHint(true, undefined);
  return (
    <TextInput
      label={t('email')}
      type="email"
      autoComplete={autoComplete}
      required
      description={requiredHint}
      maxLength={255}
      error={error && t(`common:${error}`)}
      ref={(element) => {
        ref(element);
        inputRef.current = element;
      }}
      {...field}
    />
  );
}
