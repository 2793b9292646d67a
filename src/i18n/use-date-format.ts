/** Dates in the active language (see `formatDateFor`). */
import { useLingui } from '@lingui/react';
import { formatDateFor } from '../domain/time';

export function useDateFormat(): (date: string) => string {
  const { i18n } = useLingui();
  return (date) => formatDateFor(date, i18n.locale);
}
