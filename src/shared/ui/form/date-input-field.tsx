import { Group, Input, TextInput, type MantineSize } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormContext, useFormState, type FieldPath, type FieldValues } from 'react-hook-form';
import { dateInputMessageOf, datePartOrder, datePartsOf, wrongDateParts, type DatePart } from './date-parts';

export interface DateInputFieldProps<T extends FieldValues> {
  /** The group's path in the form values; its parts are `${name}.day`, `.month` and `.year` (date-parts.ts). */
  name: FieldPath<T>;
  /** The group's name ('Date of birth'), its legend. */
  label: string;
  /** The language whose order the parts are in (en-US month-day-year; es-US, fr-FR day-month-year). */
  language: string;
  /** 'bday' on a date of birth: each part then asks for its own piece (bday-day, bday-month, bday-year). */
  autoComplete?: 'bday';
  description?: ReactNode;
  size?: MantineSize;
}

/** How many characters each part takes, and so how wide its box is (a year is wider than a day). */
const partLength: Record<DatePart, number> = { day: 2, month: 2, year: 4 };

/**
 * A date as three labelled fields in the language's order (the GOV.UK "date input" pattern): a fieldset whose
 * legend names the date, a hint with an example, one message for the whole date, and only the wrong parts marked.
 * Numeric keyboards on phones, no picker, no tooltip. Bound to the form around it (datePartsSchema validates it).
 */
export function DateInputField<T extends FieldValues>({
  name,
  label,
  language,
  autoComplete,
  description,
  size,
}: DateInputFieldProps<T>) {
  const { t } = useTranslation('common');
  const { register, getFieldState } = useFormContext<T>();
  const formState = useFormState<T>({ name });
  const message = getFieldState(name, formState).error?.message;
  const wrong = wrongDateParts(message);
  const hintId = useId();
  const errorId = useId();
  const order = datePartOrder(language);
  const example = datePartsOf('1950-03-27');
  const own = dateInputMessageOf(message);
  // A server's message (VALID_FIELD_SHOULD_BE_VALID_DATE) is a common key too.
  const shownError = own ? t(own, { field: label }) : message ? t(message, { field: label }) : undefined;

  return (
    <fieldset className="cgm-date-input" aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}>
      <Input.Label component="legend" className="cgm-date-input-legend" size={size}>
        {label}
      </Input.Label>
      <Input.Description id={hintId} component="div" size={size}>
        {description}
        {description ? ' ' : null}
        {t('dateInput.example', { example: order.map((part) => example[part]).join(' ') })}
      </Input.Description>
      {shownError && (
        <Input.Error id={errorId} component="p" className="cgm-date-input-error" size={size}>
          {shownError}
        </Input.Error>
      )}
      <Group gap="md" align="flex-end" wrap="nowrap">
        {order.map((part) => {
          const invalid = wrong.includes(part);
          return (
            <TextInput
              key={part}
              {...register(`${name}.${part}` as FieldPath<T>)}
              label={t(`dateInput.${part}`)}
              size={size}
              inputMode="numeric"
              autoComplete={autoComplete ? `${autoComplete}-${part}` : 'off'}
              maxLength={partLength[part]}
              spellCheck={false}
              // The group's message is the error; the part says only that it is wrong (red, aria-invalid).
              error={invalid}
              className={`cgm-date-input-part cgm-date-input-${part}`}
            />
          );
        })}
      </Group>
    </fieldset>
  );
}
