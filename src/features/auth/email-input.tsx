import { useCallback } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField } from '../../shared/ui/form/fields';
import { useDelayedAutofocus } from '../../shared/ui/use-delayed-autofocus';

interface EmailForm {
  email: string;
}

/**
 * The email field of the sign-in and forgot-password forms, bound to the form around it: focused once the page has
 * settled (spec §9), its message a common validation key.
 */
export function EmailInput({ autoComplete }: { autoComplete: 'username' | 'email' }) {
  const { t } = useTranslation('auth');
  const { setFocus } = useFormContext<EmailForm>();
  const focus = useCallback(() => {
    setFocus('email');
  }, [setFocus]);
  useDelayedAutofocus(focus);
  return <EmailField<EmailForm> name="email" label={t('email')} autoComplete={autoComplete} required />;
}
