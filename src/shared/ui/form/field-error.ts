import { useTranslation } from 'react-i18next';

/**
 * Field messages are translation keys of the shared validation rules (spec §5, §8); generic ones name the field
 * ('{field} is required'), so the label is passed in.
 */
export function useFieldError(): (error: { message?: string } | undefined, label: string) => string | undefined {
  const { t } = useTranslation('common');
  return (error, label) => (error?.message ? t(error.message, { field: label }) : undefined);
}
