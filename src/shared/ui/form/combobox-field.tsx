import { Select, type SelectProps } from '@mantine/core';
import { useController, type FieldValues } from 'react-hook-form';
import { useFieldMessage } from './field-error';
import { useRequiredHint, type BoundProps, type SelectOption, type Unbound } from './fields';

export type ComboboxFieldProps<T extends FieldValues> = BoundProps<T> &
  Unbound<Omit<SelectProps, 'data'>> & { options: readonly SelectOption[] };

/**
 * A choice from a drop-down list drawn by the page (Mantine's Select) rather than the browser, bound to the form;
 * the form value is the chosen option's value, null before a choice.
 */
export function ComboboxField<T extends FieldValues>({ name, label, rules, options, ...props }: ComboboxFieldProps<T>) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController<T>({ name, rules });
  const message = useFieldMessage();
  const description = useRequiredHint(props.required, props.description);
  return (
    <Select
      {...props}
      description={description}
      label={label}
      data={[...options]}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      ref={ref}
      error={message(fieldState.error?.message, label)}
    />
  );
}
