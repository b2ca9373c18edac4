import { z } from 'zod/mini';
import { auditActions, maxRecordId, type AuditAction } from '#common/contract';
import type { AuditFilters } from './api';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** '' or a record id typed as digits. */
const idText = (message: string) =>
  z.string().check(
    z.trim(),
    z.refine(
      (value) => value === '' || (/^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= maxRecordId),
      message,
    ),
  );

const dayText = z.string().check(z.refine((value) => value === '' || isoDay.test(value), 'VALID_AUDIT_DATE'));

/**
 * The audit screen's filters as typed: a patient id, a staff member (their user id, from a list), an action, and
 * the first and last day of a period in the administrator's own time zone. Messages are keys of the 'audit'
 * namespace.
 */
export const auditFiltersFormSchema = z
  .object({
    patientId: idText('VALID_AUDIT_PATIENT_ID'),
    userId: idText('VALID_AUDIT_USER_ID'),
    action: z.union([z.literal(''), z.enum(auditActions)]),
    from: dayText,
    to: dayText,
  })
  .check(
    z.refine((values) => values.from === '' || values.to === '' || values.from <= values.to, {
      message: 'VALID_AUDIT_DATES_ORDER',
      path: ['to'],
    }),
  );
export type AuditFiltersFormValues = z.input<typeof auditFiltersFormSchema>;

export const emptyAuditFiltersForm: AuditFiltersFormValues = {
  patientId: '',
  userId: '',
  action: '',
  from: '',
  to: '',
};

/** Local midnight at the start of a yyyy-MM-dd day, plus `days`, as the ISO instant the server compares with. */
function startOfLocalDay(day: string, days = 0): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + days).toISOString();
}

/**
 * What the form asks the server for: `from` the start of its first day, `to` the start of the day after its last
 * (the server's upper bound is exclusive), so a period of one day is that whole day where the administrator is.
 */
export function auditFiltersFromForm(values: AuditFiltersFormValues): AuditFilters {
  const id = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  return {
    patientId: id(values.patientId),
    userId: id(values.userId),
    action: values.action === '' ? null : (values.action satisfies AuditAction),
    from: values.from === '' ? null : startOfLocalDay(values.from),
    to: values.to === '' ? null : startOfLocalDay(values.to, 1),
  };
}
