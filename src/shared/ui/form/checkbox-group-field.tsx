import { Checkbox, Stack, type CheckboxGroupProps } from '@mantine/core';
import { useController, type FieldValues } from 'react-hook-form';
import { useFieldMessage } from './field-error';
import { useRequiredHint, type BoundProps } from './fields';
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
  const { field, fieldState } = useController<T>({ name, rules });
  const message = useFieldMessage();
  const description = useRequiredHint(props.required, props.description);
  return (
    <Checkbox.Group
      {...props}
      description={description}
      label={label}
      value={field.value}
      onChange={field.onChange}
      error={message(fieldState.error?.message, label)}
    >
      <Stack gap="xs" mt="xs">
        {options.map((option) => (
          <Checkbox
            key={option.value}
            value={option.value}
            label={option.label}
            description={option.description}
            onBlur={field.onBlur}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
