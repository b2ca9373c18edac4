export { FieldMessages, useFieldError, useFieldMessage, type FieldMessage } from './field-error';
export { FormActions } from './form-actions';
export { CheckboxField } from './checkbox-field';
export {
  DateField,
  EmailField,
  PasswordField,
  SelectField,
  TextField,
  useRequiredHint,
  type SelectOption,
} from './fields';
export { fieldsFor } from './fields-for';
export { RadioField, type RadioOption } from './radio-field';
export { TextareaField } from './textarea-field';
export { applyServerErrors, type ServerErrorOutcome, type ServerFieldPaths } from './server-errors';
// Not in fieldsFor: their Mantine components (Select, NumberInput) would join every form's download; a form that
// uses them names its values' type on the element instead.
export { CheckboxGroupField } from './checkbox-group-field';
export { ComboboxField } from './combobox-field';
export { NumberField } from './number-field';
