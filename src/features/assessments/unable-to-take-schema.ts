import { z } from 'zod/mini';
import { unableToTakeDetailsSchema, unableToTakeReasonSchema } from '#common/contract';
import { validationMessages } from '#common/validation/messages';

/** Issue 32 "I cannot do this test": a reason must be chosen (none is chosen for the person); a few words may follow. */
export const unableToTakeFormSchema = z.object({
  reason: z
    .union([unableToTakeReasonSchema, z.literal('')])
    .check(z.refine((value) => value !== '', { message: validationMessages.required, path: [] })),
  details: unableToTakeDetailsSchema,
});
export type UnableToTakeForm = z.input<typeof unableToTakeFormSchema>;
