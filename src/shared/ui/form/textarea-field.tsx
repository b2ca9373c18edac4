import { Textarea, type TextareaProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, useRequiredHint, type BoundProps, type Unbound } from './fields';

export type TextareaFieldProps<T extends FieldValues> = BoundProps<T> & Unbound<TextareaProps>;

export function TextareaField<T extends FieldValues>({ name, label, rules, ...props }: TextareaFieldProps<T>) {
  const description = useRequiredHint(props.required, props.description);
  return <Textarea {...props} description={description} {...useBoundField<T>({ name, label, rules })} />;
}
