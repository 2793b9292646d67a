/**
 * The walk-in queue at the host stand (docs/PRODUCT.md §2, the walk-in queue), a panel the stand mounts with its venue and
 * service day: the parties queued in arrival order, each waited against quoted (counting up each minute of
 * the server's clock), live across hosts, with a form to add a party. A refusal (another host seated the
 * party first) is said, and the queue is read again to show what happened.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FormMessage } from '../../../components/form';
import { useFailureText } from '../../../i18n/message-text';
import { WalkInAddForm, type SeatingArea } from './walk-in-add-form';
import { WalkInEntryRow, type EntryActions, type SeatChoice } from './walk-in-entry-row';
import { changeWalkInQuote, seatFromWalkInQueue, walkInLeft, walkInTableReady, type WalkInEntry } from './walk-in-queue-calls';
import { useServerMinute } from './use-server-minute';
import { useWalkInQueue } from './use-walk-in-queue';
import './walk-in-queue.css';

export function WalkInQueuePanel({
  venueId,
  date,
  areas = [],
  tables,
  onSeated,
}: {
  venueId: string;
  date: string;
  areas?: readonly SeatingArea[];
  /** On the host stand: the free tables a party may be seated at from its menu, or dragged onto. */
  tables?: readonly SeatChoice[];
  onSeated?: () => void;
}) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const { read, readAgain } = useWalkInQueue(venueId, date);
  const now = useServerMinute();
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ error?: string; success?: string } | null>(null);

  const queue = read.status === 'ready' ? read.data : null;
  const waiting = queue?.entries.filter((e) => e.status === 'WAITING' || e.status === 'NOTIFIED') ?? [];

  async function run(call: () => Promise<string>) {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ success: await call() });
    } catch (error) {
      setNotice({ error: failureText(error) });
    } finally {
      setBusy(false);
      readAgain();
    }
  }

  const actions: EntryActions = {
    ready: (entry: WalkInEntry) =>
      run(async () => {
        const called = await walkInTableReady(venueId, entry._id);
        return called.mobile ? t`${entry.name} has been texted that their table is ready.` : t`${entry.name} has no mobile number: call them at the stand.`;
      }),
    seat: (entry, tableId) =>
      run(async () => {
        const visit = await seatFromWalkInQueue(venueId, entry._id, tableId);
        onSeated?.();
        return t`${entry.name} seated: ${visit.uniqueId}.`;
      }),
    quote: (entry, minutes) =>
      run(async () => {
        await changeWalkInQuote(venueId, entry._id, minutes);
        return t`${entry.name} is now quoted ${minutes} min.`;
      }),
    left: (entry, reason) =>
      run(async () => {
        await walkInLeft(venueId, entry._id, reason);
        return t`${entry.name} has been removed from the queue.`;
      }),
  };

  return (
    <section className="walk-in-queue" aria-labelledby="walk-in-queue-title">
      <div className="walk-in-queue__head">
        <h2 id="walk-in-queue-title">{t`Walk-in queue`}</h2>
        <span className="walk-in-queue__count">{t`${waiting.length} waiting`}</span>
        <button type="button" className="button" aria-expanded={adding} onClick={() => setAdding(!adding)}>
          {t`Add to the queue`}
        </button>
      </div>
      {adding && (
        <WalkInAddForm
          venueId={venueId}
          areas={areas}
          onAdded={(message) => {
            // The form closes; its outcome is said here, above the queue.
            setAdding(false);
            setNotice({ success: message });
            readAgain();
          }}
        />
      )}
      <FormMessage error={notice?.error ?? (read.status === 'error' ? failureText(read.error) : null)} success={notice?.success ?? null} />
      {queue && waiting.length === 0 && <p>{t`No one is waiting.`}</p>}
      {waiting.length > 0 && (
        <ol className="walk-in-queue__list" aria-label={t`Parties waiting, first to arrive first`}>
          {waiting.map((entry) => (
            <WalkInEntryRow key={entry._id} entry={entry} now={now} busy={busy} actions={actions} tables={tables} />
          ))}
        </ol>
      )}
    </section>
  );
}
