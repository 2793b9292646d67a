/**
 * Free times grouped by their service (lunch, dinner, supper...), in the order the server lists them: the
 * wizard's time step shows a group of buttons per service, the change form a group of options per service.
 */
export function timesByService<Slot extends { titleStr: string }>(slots: readonly Slot[]): [service: string, slots: Slot[]][] {
  const groups = new Map<string, Slot[]>();
  for (const slot of slots) groups.set(slot.titleStr, [...(groups.get(slot.titleStr) ?? []), slot]);
  return [...groups];
}
