import type { i18n } from 'i18next';
import type { ApiError } from '../../api/http';

/**
 * What to show for a 400 no form took care of (spec §7). Field messages of the server are translation keys
 * (the shared validation rules); they are shown in the interface language. Free English text of the server
 * ('Request validation failed') is never shown: the generic translated message stands in for it.
 */
export function badRequestMessage(i18n: Pick<i18n, 'exists' | 't' | 'options'>, error: ApiError): string {
  const namespaces = ['common', ...[i18n.options.ns ?? []].flat()];
  const texts: string[] = [];
  const candidates = error.fields.length > 0 ? error.fields.map((field) => field.message) : [error.serverMessage];
  for (const message of candidates) {
    // A message naming its {{field}} needs a label the global handler does not have.
    if (!message || !i18n.exists(message, { ns: namespaces }) || message.startsWith('VALID_FIELD_')) {
      return i18n.t('common:ERROR_FORM_VALIDATION_ERRORS');
    }
    texts.push(i18n.t(message, { ns: namespaces }));
  }
  return texts.length > 0 ? [...new Set(texts)].join(' ') : i18n.t('common:ERROR_FORM_VALIDATION_ERRORS');
}
