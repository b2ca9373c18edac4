export { FieldMessages, useFieldError, useFieldMessage, type FieldMessage } from './field-error';
export { FormActions } from './form-actions';
export { CheckboxField } from './checkbox-field';
export { DateField, PasswordField, SelectField, TextField, useRequiredHint, type SelectOption } from './fields';
export { fieldsFor } from './fields-for';
export { RadioField, type RadioOption } from './radio-field';
export { TextareaField } from './textarea-field';
export { applyServerErrors, type ServerErrorOutcome, type ServerFieldPaths } from './server-errors';
