import { Group, Radio, Stack, type RadioGroupProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useControlledField, type BoundProps, type SelectOption } from './fields';

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
  const { value, onChange, onBlur, description, error } = useControlledField<T>(
    { name, label, rules },
    { required, description: props.description },
  );
  const radios = options.map(({ value: choice, label: text, description: hint }) => (
    <Radio key={choice} value={choice} label={text} description={hint} onBlur={onBlur} />
  ));
  return (
    <Radio.Group
      {...props}
      description={description}
      label={label}
      withAsterisk={required}
      value={value}
      onChange={onChange}
      error={error}
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
