/**
 * The translation keys of spec §5/§8 that the validation rules answer with. Client forms translate them (with the
 * field's label as {{field}}); the server sends them as the field messages of a 400, so both say the same thing.
 * English texts live in locales/en-US/common.json.
 */
export const validationMessages = {
  /** '{field} is required' */
  required: 'VALID_FIELD_IS_REQUIRED',
  /** '{field} should be valid' */
  invalid: 'VALID_FIELD_SHOULD_BE_VALID',
  /** '{field} should be valid date' */
  invalidDate: 'VALID_FIELD_SHOULD_BE_VALID_DATE',
  /** '{field} should be valid format' */
  invalidFormat: 'VALID_FIELD_SHOULD_BE_VALID_FORMAT',
  /** '{field} should match' */
  mismatch: 'VALID_FIELD_SHOULD_MATCH',
  /** Over the 255 (text) or 2048 (text area) limit of spec §9. */
  tooLong: 'VALID_FIELD_TOO_LONG',
  /** NUL or another control character that no text field accepts (issue 15). */
  controlCharacters: 'VALID_FIELD_CONTROL_CHARACTERS',
  emailRequired: 'VALID_EMAIL_IS_REQUIRED',
  emailInvalid: 'VALID_EMAIL_SHOULD_BE_VALID',
  emailMismatch: 'VALID_EMAIL_SHOULD_MATCH',
  /** Spec §7: the server said 'This email address already in use'. */
  emailInUse: 'VALID_EMAIL_ALREADY_IN_USE',
  genderRequired: 'VALID_GENDER_IS_REQUIRED',
} as const;

/** Spec §9: names, services, emails and text fields hold 255 characters; a text area 2048. */
export const maxTextLength = 255;
export const maxTextAreaLength = 2048;
