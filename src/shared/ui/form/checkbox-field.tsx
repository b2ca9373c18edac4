import { Checkbox, type CheckboxProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, useRequiredHint, type BoundProps, type Unbound } from './fields';

export type CheckboxFieldProps<T extends FieldValues> = BoundProps<T> & Unbound<CheckboxProps>;

export function CheckboxField<T extends FieldValues>({ name, label, rules, ...props }: CheckboxFieldProps<T>) {
  const description = useRequiredHint(props.required, props.description);
  return <Checkbox {...props} description={description} {...useBoundField<T>({ name, label, rules })} />;
}
