import { Select, type SelectProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useControlledField, type BoundProps, type SelectOption, type Unbound } from './fields';

export type ComboboxFieldProps<T extends FieldValues> = BoundProps<T> &
  Unbound<Omit<SelectProps, 'data'>> & { options: readonly SelectOption[] };

/**
 * A choice from a drop-down list drawn by the page (Mantine's Select) rather than the browser, bound to the form;
 * the form value is the chosen option's value, null before a choice.
 */
export function ComboboxField<T extends FieldValues>({ name, label, rules, options, ...props }: ComboboxFieldProps<T>) {
  const field = useControlledField<T>({ name, label, rules }, props);
  return <Select {...props} {...field} data={[...options]} />;
}
