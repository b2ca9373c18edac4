import { Checkbox, Fieldset, Input, Radio, Table, Text } from '@mantine/core';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldMessage } from '../../shared/ui/form';
import type { ProviderServiceFormValues } from './provider-service-form-schema';
import {
  allLocalitiesState,
  setDefaultLocality,
  toggleAllLocalities,
  toggleLocality,
  type LocalityChoice,
} from './locality-rules';

interface LocalityPickerProps {
  value: readonly LocalityChoice[];
  onChange: (next: LocalityChoice[]) => void;
  /** Already translated. */
  error?: string | undefined;
  disabled?: boolean;
}

/** The languages of a provider service: which localities it offers and which one is the default (spec §4). */
export function LocalityPicker({ value, onChange, error, disabled = false }: LocalityPickerProps) {
  const { t } = useTranslation('provider-services');
  const errorId = useId();
  const hintId = useId();
  const state = allLocalitiesState(value);
  return (
    <Fieldset
      legend={
        // Styled like the other field labels, required mark included (the mark is decoration only).
        <Text component="span" fw={700} size="sm">
          {t('form.languages')}
          <Text component="span" c="red.8" aria-hidden="true">
            {' *'}
          </Text>
        </Text>
      }
      // Spec §5 TEXT_FIELD_REQUIRED: read with the group, as every required field's hint is.
      aria-describedby={error ? `${errorId} ${hintId}` : hintId}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
      variant="unstyled"
    >
      <Checkbox
        label={t('form.allLanguages')}
        checked={state === 'all'}
        indeterminate={state === 'some'}
        onChange={(event) => {
          onChange(toggleAllLocalities(value, event.currentTarget.checked));
        }}
        mb="xs"
      />
      <Table withRowBorders={false} verticalSpacing={4} w="auto">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('form.language')}</Table.Th>
            <Table.Th>{t('form.defaultLanguage')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {value.map((locality) => (
            <Table.Tr key={locality.id}>
              <Table.Td>
                <Checkbox
                  label={locality.name}
                  checked={locality.selected}
                  // Spec §4: on edit, a language added before stays (patients and orders may use it).
                  disabled={locality.previouslyAdded}
                  description={locality.previouslyAdded ? t('form.languageLocked') : undefined}
                  onChange={(event) => {
                    onChange(toggleLocality(value, locality.id, event.currentTarget.checked));
                  }}
                />
              </Table.Td>
              <Table.Td>
                <Radio
                  name="defaultLanguage"
                  value={locality.id}
                  aria-label={t('form.defaultFor', { name: locality.name })}
                  checked={locality.isDefaultLocality}
                  disabled={!locality.selected}
                  onChange={() => {
                    onChange(setDefaultLocality(value, locality.id));
                  }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <span id={hintId} className="required-hint">
        {t('common:TEXT_FIELD_REQUIRED')}
      </span>
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Fieldset>
  );
}

/** The picker bound to the provider-service form's `localities`, with the form's message under it. */
export function LocalitiesField() {
  const { t } = useTranslation('provider-services');
  const { field, fieldState } = useController<ProviderServiceFormValues, 'localities'>({ name: 'localities' });
  const message = useFieldMessage();
  return (
    <LocalityPicker
      value={field.value}
      onChange={field.onChange}
      error={message(fieldState.error?.message, t('form.languages'))}
    />
  );
}
