/** The services only members may book, as a guest reads them: 'Lunch (12:00 pm to 3:30 pm), …' (member-only times, docs/PRODUCT.md §6). */
import { useLingui } from '@lingui/react/macro';
import type { MembersOnlyTime } from '../../machines/booking/booking.machine';
import { useFormats } from '../i18n/use-formats';

export function useMembersTimesList(): (times: readonly MembersOnlyTime[]) => string {
  const { t } = useLingui();
  const format = useFormats();
  return (times) =>
    times
      .map(({ name, startTime, endTime }) => {
        const [from, until] = [format.time(startTime), format.time(endTime)];
        return t`${name} (${from} to ${until})`;
      })
      .join(', ');
}
