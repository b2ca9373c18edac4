import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Turns a field's message (a translation key) into the text shown under it; `label` names the field, `values` are
 * what the field itself adds to its messages (e.g. a number field's bounds).
 */
export type FieldMessage = (key: string, label: string, values?: Readonly<Record<string, unknown>>) => string;

const FieldMessageContext = createContext<FieldMessage | null>(null);

/**
 * For a form whose messages are keys of its own namespace: the fields inside show them through `message`.
 * Without it, messages are keys of 'common' (the shared validation rules).
 */
export function FieldMessages({ message, children }: { message: FieldMessage; children: ReactNode }) {
  return <FieldMessageContext value={message}>{children}</FieldMessageContext>;
}

/**
 * Field messages are translation keys of the shared validation rules (spec §5, §8); generic ones name the field
 * ('{field} is required'), so the label is passed in.
 */
export function useFieldMessage(): (
  key: string | undefined,
  label: string,
  values?: Readonly<Record<string, unknown>>,
) => string | undefined {
  const { t } = useTranslation('common');
  const own = useContext(FieldMessageContext);
  return (key, label, values) => {
    if (!key) return undefined;
    return own ? own(key, label, values) : t(key, { ...values, field: label });
  };
}

export function useFieldError(): (error: { message?: string } | undefined, label: string) => string | undefined {
  const message = useFieldMessage();
  return (error, label) => message(error?.message, label);
}
