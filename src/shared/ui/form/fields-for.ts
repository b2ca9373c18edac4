import type { ReactElement } from 'react';
import type { FieldValues } from 'react-hook-form';
import { CheckboxField, type CheckboxFieldProps } from './checkbox-field';
import {
  DateField,
  EmailField,
  PasswordField,
  SelectField,
  TextField,
  type DateFieldProps,
  type EmailFieldProps,
  type PasswordFieldProps,
  type SelectFieldProps,
  type TextFieldProps,
} from './fields';
import { RadioField, type RadioFieldProps } from './radio-field';
import { TextareaField, type TextareaFieldProps } from './textarea-field';

/**
 * The fields typed for one form's values, so a misspelt `name` fails the type check:
 * `const { TextField } = fieldsFor<PatientFormValues>()`.
 */
export function fieldsFor<T extends FieldValues>() {
  return {
    TextField: TextField as (props: TextFieldProps<T>) => ReactElement,
    EmailField: EmailField as (props: EmailFieldProps<T>) => ReactElement,
    DateField: DateField as (props: DateFieldProps<T>) => ReactElement,
    PasswordField: PasswordField as (props: PasswordFieldProps<T>) => ReactElement,
    TextareaField: TextareaField as (props: TextareaFieldProps<T>) => ReactElement,
    SelectField: SelectField as (props: SelectFieldProps<T>) => ReactElement,
    CheckboxField: CheckboxField as (props: CheckboxFieldProps<T>) => ReactElement,
    RadioField: RadioField as (props: RadioFieldProps<T>) => ReactElement,
  };
}
