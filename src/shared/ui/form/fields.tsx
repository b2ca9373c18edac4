import {
  Checkbox,
  NativeSelect,
  PasswordInput,
  Radio,
  Stack,
  Textarea,
  TextInput,
  type CheckboxProps,
  type NativeSelectProps,
  type PasswordInputProps,
  type RadioGroupProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import type { FocusEvent, ReactElement, ReactNode } from 'react';
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
import { defaultMinDate, endOfNextYear } from '../../lib/validation/dates';
import { useFieldMessage } from './field-error';

/** What every field bound to the surrounding form takes: its path in the form values and how to register it. */
interface BoundProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  rules?: RegisterOptions<T, FieldPath<T>>;
}

/** Registers `name` with the form of the nearest FormProvider and reads its message, shown in the field's words. */
function useBoundField<T extends FieldValues>({ name, label, rules }: BoundProps<T>) {
  const { register, getFieldState } = useFormContext<T>();
  const formState = useFormState<T>({ name });
  const message = useFieldMessage();
  const { error } = getFieldState(name, formState);
  return { ...register(name, rules), error: message(error?.message, label), label };
}

type Unbound<P> = Omit<P, 'name' | 'label' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'>;

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

export type TextareaFieldProps<T extends FieldValues> = BoundProps<T> & Unbound<TextareaProps>;

export function TextareaField<T extends FieldValues>({ name, label, rules, ...props }: TextareaFieldProps<T>) {
  const description = useRequiredHint(props.required, props.description);
  return <Textarea {...props} description={description} {...useBoundField<T>({ name, label, rules })} />;
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

export type CheckboxFieldProps<T extends FieldValues> = BoundProps<T> & Unbound<CheckboxProps>;

export function CheckboxField<T extends FieldValues>({ name, label, rules, ...props }: CheckboxFieldProps<T>) {
  const description = useRequiredHint(props.required, props.description);
  return <Checkbox {...props} description={description} {...useBoundField<T>({ name, label, rules })} />;
}

export interface RadioOption extends SelectOption {
  description?: string;
}

export type RadioFieldProps<T extends FieldValues> = BoundProps<T> &
  Omit<RadioGroupProps, 'name' | 'label' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'children'> & {
    options: readonly RadioOption[];
  };

/** One choice out of a few, all in view (a native select hides them); `required` marks the group, not each radio. */
export function RadioField<T extends FieldValues>({
  name,
  label,
  rules,
  options,
  required,
  ...props
}: RadioFieldProps<T>) {
  const { field, fieldState } = useController<T>({ name, rules });
  const message = useFieldMessage();
  const description = useRequiredHint(required, props.description);
  return (
    <Radio.Group
      {...props}
      description={description}
      label={label}
      withAsterisk={required}
      value={field.value}
      onChange={field.onChange}
      error={message(fieldState.error?.message, label)}
    >
      <Stack gap="xs" mt={4}>
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            label={option.label}
            description={option.description}
            onBlur={field.onBlur}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/**
 * The fields typed for one form's values, so a misspelt `name` fails the type check:
 * `const { TextField } = fieldsFor<PatientFormValues>()`.
 */
export function fieldsFor<T extends FieldValues>() {
  return {
    TextField: TextField as (props: TextFieldProps<T>) => ReactElement,
    DateField: DateField as (props: DateFieldProps<T>) => ReactElement,
    PasswordField: PasswordField as (props: PasswordFieldProps<T>) => ReactElement,
    TextareaField: TextareaField as (props: TextareaFieldProps<T>) => ReactElement,
    SelectField: SelectField as (props: SelectFieldProps<T>) => ReactElement,
    CheckboxField: CheckboxField as (props: CheckboxFieldProps<T>) => ReactElement,
    RadioField: RadioField as (props: RadioFieldProps<T>) => ReactElement,
  };
}
