import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useControlledField, type BoundProps, type Unbound } from './fields';

export type NumberFieldProps<T extends FieldValues> = BoundProps<T> & Unbound<NumberInputProps>;

/**
 * A number bound to the form ('' while it is empty). Its messages may name its bounds: they are passed to the
 * message as `min` and `max`.
 */
export function NumberField<T extends FieldValues>({ name, label, rules, ...props }: NumberFieldProps<T>) {
  const values = { min: props.min, max: props.max };
  return <NumberInput {...props} {...useControlledField<T>({ name, label, rules }, { ...props, values })} />;
}
