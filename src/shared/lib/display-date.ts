import { format, parseISO } from 'date-fns';

/** Spec §1: dates are shown as 'MMM dd, yyyy'; ISO dates and date-times both read correctly; none shows as ''. */
export function showDate(iso: string | null): string {
  return iso ? format(parseISO(iso), 'MMM dd, yyyy') : '';
}
