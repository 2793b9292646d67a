/**
 * Free times grouped by their service (lunch, dinner, supper...), in the order the server lists them: the
 * wizard's time buttons (src/booking/time-buttons.tsx) show a group per service, in its time step and the change form.
 */
export function timesByService<Slot extends { titleStr: string }>(slots: readonly Slot[]): [service: string, slots: Slot[]][] {
  const groups = new Map<string, Slot[]>();
  for (const slot of slots) groups.set(slot.titleStr, [...(groups.get(slot.titleStr) ?? []), slot]);
  return [...groups];
}
