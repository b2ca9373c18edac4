import { Checkbox, Stack, type CheckboxGroupProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useControlledField, type BoundProps } from './fields';
import type { RadioOption } from './radio-field';

export type CheckboxGroupFieldProps<T extends FieldValues> = BoundProps<T> &
  Omit<CheckboxGroupProps, 'name' | 'label' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'children'> & {
    options: readonly RadioOption[];
  };

/** Several choices out of a few, all in view; the form value is the list of the chosen options' values. */
export function CheckboxGroupField<T extends FieldValues>({
  name,
  label,
  rules,
  options,
  ...props
}: CheckboxGroupFieldProps<T>) {
  // No ref: the group is not focusable, so a failed submit focuses the next field with a message instead.
  const { value, onChange, onBlur, description, error } = useControlledField<T>({ name, label, rules }, props);
  return (
    <Checkbox.Group {...props} label={label} description={description} error={error} value={value} onChange={onChange}>
      <Stack gap="xs" mt="xs">
        {options.map((option) => (
          <Checkbox
            key={option.value}
            value={option.value}
            label={option.label}
            description={option.description}
            onBlur={onBlur}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
