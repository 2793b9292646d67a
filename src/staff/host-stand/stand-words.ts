/** The host stand's words for a table's state and a party's status: never colour alone (docs/PRODUCT.md §6). */
import { useLingui } from '@lingui/react/macro';
import type { StandStatus, StandTable } from './stand-calls';

export type TableState = StandTable['state'];

/** A sign beside each state's word, for a glance across the room. */
export const STATE_ICON: Record<TableState, string> = {
  free: '○',
  held: '⧗',
  bookedSoon: '◷',
  late: '!',
  arrived: '➜',
  seated: '●',
  overdue: '⚠',
  outOfUse: '✕',
};

/** The sign of a party partly arrived, beside arrived's ➜: half here. */
export const PARTLY_ICON = '◐';

export function useStateWords() {
  const { t } = useLingui();
  const table: Record<TableState, string> = {
    free: t`Free`,
    held: t`Held online`,
    bookedSoon: t`Booked soon`,
    late: t`Late`,
    arrived: t`Arrived`,
    seated: t`Seated`,
    overdue: t`Overdue`,
    outOfUse: t`Out of use`,
  };
  const party: Record<StandStatus, string> = {
    held: t`Held online`,
    upcoming: t`Upcoming`,
    late: t`Late`,
    arrived: t`Arrived`,
    seated: t`Seated`,
    finished: t`Finished`,
    noShow: t`No-show`,
    cancelled: t`Cancelled`,
  };
  /** A party with only some of its covers here: "Partly arrived 3/6". */
  const partly = (here: number, of: number) => t`Partly arrived ${here}/${of}`;
  return { table, party, partly };
}
