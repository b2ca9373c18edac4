import {
  NativeSelect,
  PasswordInput,
  TextInput,
  type NativeSelectProps,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';
import type { FocusEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useController,
  useFormContext,
  useFormState,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  type RegisterOptions,
} from 'react-hook-form';
import { maxFieldLength } from '#common/contract/auth';
import { defaultMinDate, endOfNextYear } from '#common/validation/dates';
import { useFieldMessage } from './field-error';

// The sign-in page takes its required hint from here, so this module is part of every first download: it holds only
// the field kinds whose Mantine components that download has anyway (text, password and the language switcher's
// native select). The others have their own modules (checkbox-field.tsx, radio-field.tsx, textarea-field.tsx), so
// the sign-in page does not download their components (Checkbox: 2.2 KB brotli), nor the patient's link page those
// it does not show.

/** What every field bound to the surrounding form takes: its path in the form values and how to register it. */
export interface BoundProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  rules?: RegisterOptions<T, FieldPath<T>>;
}

/** Registers `name` with the form of the nearest FormProvider and reads its message, shown in the field's words. */
export function useBoundField<T extends FieldValues>({ name, label, rules }: BoundProps<T>) {
  const { register, getFieldState } = useFormContext<T>();
  const formState = useFormState<T>({ name });
  const message = useFieldMessage();
  const { error } = getFieldState(name, formState);
  return { ...register(name, rules), error: message(error?.message, label), label };
}

/**
 * For a field drawn by a component that is not one native input (a drop-down, a number box, a group of choices): its
 * value and handlers through the form's controller, its message (with `values`, e.g. its bounds) and its
 * description with the required hint.
 */
export function useControlledField<T extends FieldValues>(
  { name, label, rules }: BoundProps<T>,
  { required, description, values }: { required?: boolean | undefined; description?: ReactNode; values?: object },
) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController<T>({ name, rules });
  const message = useFieldMessage();
  return {
    ref,
    value,
    onChange,
    onBlur,
    label,
    description: useRequiredHint(required, description),
    error: message(fieldState.error?.message, label, { ...values }),
  };
}

export type Unbound<P> = Omit<P, 'name' | 'label' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'>;

export type TextFieldProps<T extends FieldValues> = BoundProps<T> &
  Unbound<TextInputProps> & {
    /** Rewrites the value when the person leaves the field (e.g. a phone number into its usual shape). */
    formatOnBlur?: (value: string) => string;
  };

/**
 * Spec §5 TEXT_FIELD_REQUIRED: a required field's description carries the hint, so a screen reader reads it with
 * the field; global.css shows it only while the field is hovered or focused, as the spec's tooltip was. Exported
 * for the few required Mantine inputs that are not bound fields (the sign-in page's own email and password).
 */
export function useRequiredHint(required: boolean | undefined, description: ReactNode): ReactNode {
  const { t } = useTranslation('common');
  if (!required) return description;
  return (
    <>
      {description}
      {description ? ' ' : null}
      <span className="required-hint">{t('TEXT_FIELD_REQUIRED')}</span>
    </>
  );
}

/** A text input (also email, tel and date inputs) bound to the form around it. */
export function TextField<T extends FieldValues>({ name, label, rules, formatOnBlur, ...props }: TextFieldProps<T>) {
  const { setValue } = useFormContext<T>();
  const { onBlur, ...field } = useBoundField<T>({ name, label, rules });
  const blur = (event: FocusEvent<HTMLInputElement>) => {
    if (formatOnBlur) setValue(name, formatOnBlur(event.currentTarget.value) as FieldPathValue<T, FieldPath<T>>);
    void onBlur(event);
  };
  const description = useRequiredHint(props.required, props.description);
  return <TextInput autoComplete="off" {...props} description={description} {...field} onBlur={blur} />;
}

export type EmailFieldProps<T extends FieldValues> = Omit<TextFieldProps<T>, 'type' | 'maxLength'>;

/** An email address input: the browser's email keyboard, and no more than a stored email holds (spec §5). */
export function EmailField<T extends FieldValues>(props: EmailFieldProps<T>) {
  return <TextField<T> {...props} type="email" maxLength={maxFieldLength} />;
}

export type DateFieldProps<T extends FieldValues> = BoundProps<T> &
  Unbound<TextInputProps> & { min?: string; max?: string };

/**
 * A date (yyyy-MM-dd) with the browser's own picker, within the given bounds; without bounds of its own (no rule
 * call names them), within spec §5's default range, 1 Jan 1900 to the end of next year.
 */
export function DateField<T extends FieldValues>({
  name,
  label,
  rules,
  min = defaultMinDate,
  max = endOfNextYear(),
  ...props
}: DateFieldProps<T>) {
  const description = useRequiredHint(props.required, props.description);
  return (
    <TextInput
      {...props}
      min={min}
      max={max}
      description={description}
      type="date"
      {...useBoundField<T>({ name, label, rules })}
    />
  );
}

export type PasswordFieldProps<T extends FieldValues> = BoundProps<T> & Unbound<PasswordInputProps>;

export function PasswordField<T extends FieldValues>({ name, label, rules, ...props }: PasswordFieldProps<T>) {
  const description = useRequiredHint(props.required, props.description);
  return <PasswordInput {...props} description={description} {...useBoundField<T>({ name, label, rules })} />;
}

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps<T extends FieldValues> = BoundProps<T> &
  Unbound<Omit<NativeSelectProps, 'data'>> & {
    options: readonly SelectOption[];
    /** The label of the empty first option ('' in the form values: nothing chosen yet). */
    placeholder?: string;
  };

/** A native select bound to the form; with `placeholder`, '' stands first for 'nothing chosen' (spec §5). */
export function SelectField<T extends FieldValues>({
  name,
  label,
  rules,
  options,
  placeholder,
  ...props
}: SelectFieldProps<T>) {
  const data = placeholder === undefined ? [...options] : [{ value: '', label: placeholder }, ...options];
  const description = useRequiredHint(props.required, props.description);
  return (
    <NativeSelect {...props} description={description} data={data} {...useBoundField<T>({ name, label, rules })} />
  );
}
