import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useController, type FieldValues } from 'react-hook-form';
import { useFieldMessage } from './field-error';
import { useRequiredHint, type BoundProps, type Unbound } from './fields';

export type NumberFieldProps<T extends FieldValues> = BoundProps<T> & Unbound<NumberInputProps>;

/**
 * A number bound to the form ('' while it is empty). Its messages may name its bounds: they are passed to the
 * message as `min` and `max`.
 */
export function NumberField<T extends FieldValues>({ name, label, rules, ...props }: NumberFieldProps<T>) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController<T>({ name, rules });
  const message = useFieldMessage();
  const description = useRequiredHint(props.required, props.description);
  return (
    <NumberInput
      {...props}
      description={description}
      label={label}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      ref={ref}
      error={message(fieldState.error?.message, label, { min: props.min, max: props.max })}
    />
  );
}
