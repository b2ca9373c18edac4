import { z } from 'zod/mini';
import { fhirClientInputSchema, type FhirClientInput } from '#common/contract';

/**
 * The registration form: the contract's own rules for the name and the key set (so the form says what the server
 * would), and a provider service chosen from the list (a drop-down's value is text, null before a choice).
 */
export const fhirClientFormSchema = z.object({
  providerServiceId: z.pipe(
    z.nullable(z.string()),
    z.string('VALID_PROVIDER_SERVICE_IS_REQUIRED').check(z.minLength(1, 'VALID_PROVIDER_SERVICE_IS_REQUIRED')),
  ),
  name: fhirClientInputSchema.shape.name,
  jwks: fhirClientInputSchema.shape.jwks,
});
export type FhirClientFormValues = z.input<typeof fhirClientFormSchema>;

export const emptyFhirClientForm: FhirClientFormValues = { providerServiceId: null, name: '', jwks: '' };

export function toFhirClientInput(values: z.output<typeof fhirClientFormSchema>): FhirClientInput {
  return { providerServiceId: Number(values.providerServiceId), name: values.name, jwks: values.jwks };
}

/** The form's fields, which are also the paths the server names in a 400. */
export const fhirClientFormFields = ['providerServiceId', 'name', 'jwks'] as const;
