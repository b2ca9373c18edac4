export { FieldMessages, useFieldError, useFieldMessage, type FieldMessage } from './field-error';
export {
  CheckboxField,
  DateField,
  fieldsFor,
  PasswordField,
  SelectField,
  TextareaField,
  TextField,
  type SelectOption,
} from './fields';
export { applyServerErrors, type ServerErrorOutcome, type ServerFieldPaths } from './server-errors';
