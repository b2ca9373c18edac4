export { FieldMessages, useFieldError, useFieldMessage, type FieldMessage } from './field-error';
export {
  CheckboxField,
  DateField,
  fieldsFor,
  PasswordField,
  RadioField,
  SelectField,
  TextareaField,
  TextField,
  useRequiredHint,
  type RadioOption,
  type SelectOption,
} from './fields';
export { applyServerErrors, type ServerErrorOutcome, type ServerFieldPaths } from './server-errors';
