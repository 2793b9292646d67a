/**
 * Which of a venue's services hold on a Hong Kong day: each has the days it is valid (both included,
 * either end open), so next season's hours are set in advance and take over on their first day.
 */

/** The validity of a service period, as stored. */
export interface ValidityRange {
  validFrom: string | null;
  validUntil: string | null;
}

/** Whether the service holds on `date` (ISO dates compare as strings). */
export function isValidOn(period: ValidityRange, date: string): boolean {
  return (period.validFrom === null || period.validFrom <= date) && (period.validUntil === null || date <= period.validUntil);
}

/** The services that hold on `date`, in their order. */
export function periodsValidOn<T extends ValidityRange>(periods: readonly T[], date: string): T[] {
  return periods.filter((period) => isValidOn(period, date));
}
