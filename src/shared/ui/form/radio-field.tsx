import { Group, Radio, Stack, type RadioGroupProps } from '@mantine/core';
import { useController, type FieldValues } from 'react-hook-form';
import { useFieldMessage } from './field-error';
import { useRequiredHint, type BoundProps, type SelectOption } from './fields';

export interface RadioOption extends SelectOption {
  description?: string;
}

export type RadioFieldProps<T extends FieldValues> = BoundProps<T> &
  Omit<RadioGroupProps, 'name' | 'label' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'children'> & {
    options: readonly RadioOption[];
    /** Side by side, for a few short choices; one under another otherwise. */
    inline?: boolean;
  };

/** One choice out of a few, all in view (a native select hides them); `required` marks the group, not each radio. */
export function RadioField<T extends FieldValues>({
  name,
  label,
  rules,
  options,
  required,
  inline = false,
  ...props
}: RadioFieldProps<T>) {
  const { field, fieldState } = useController<T>({ name, rules });
  const message = useFieldMessage();
  const description = useRequiredHint(required, props.description);
  const radios = options.map((option) => (
    <Radio
      key={option.value}
      value={option.value}
      label={option.label}
      description={option.description}
      onBlur={field.onBlur}
    />
  ));
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
      {inline ? (
        <Group mt="xs">{radios}</Group>
      ) : (
        <Stack gap="xs" mt={4}>
          {radios}
        </Stack>
      )}
    </Radio.Group>
  );
}
