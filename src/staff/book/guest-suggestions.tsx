/**
 * The guest book's matches for what the host has typed of a caller's name and number (the guest-book
 * search, `GET /admin/guest`, decision 0015): offered under the guest's fields of the phone booking form;
 * choosing one fills the form with that guest's name, number and e-mail, so a regular is not made twice.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { components } from '../../../common/api/schema';
import { unwrap } from '../../../common/api/api-error';
import { MIN_SEARCH_LENGTH } from '../../../common/validation/guest-book-validation';
import { staffGuestKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { staffApi } from '../staff-api';

export type GuestHit = components['schemas']['GuestSearchHit'];

/** How many matches the form offers: the few a host can read at a glance while on the phone. */
const OFFERED = 5;
/** Typing pauses this long before the book is searched: one search per word, not per key. */
const PAUSE_MS = 300;

/** The search for what is typed: every word of the name and the number, as the guest-book box takes them. */
export const suggestionQuery = (typed: readonly string[]) => typed.map((s) => s.trim()).filter(Boolean).join(' ');

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

export function GuestSuggestions({ typed, onChoose }: { typed: string; onChoose(guest: GuestHit): void }) {
  const { t } = useLingui();
  const q = useSettled(typed);
  const found = useApiQuery(
    q.length >= MIN_SEARCH_LENGTH ? staffGuestKey('suggest', q) : null,
    () => unwrap(staffApi.GET('/admin/guest', { params: { query: { q } } })).then((r) => r.data),
    { showError: false, keepData: true },
  );
  const hits = found.status === 'ready' && q.length >= MIN_SEARCH_LENGTH ? found.data.slice(0, OFFERED) : [];
  return (
    <div className="guest-suggestions" aria-live="polite">
      {hits.length > 0 && (
        <ul aria-label={t`Guests in the guest book`}>
          {hits.map((guest) => {
            const who = [`${guest.firstName} ${guest.lastName}`, guest.mobile, guest.email].filter(Boolean).join(' · ');
            return (
              <li key={guest._id}>
                <button type="button" className="button" onClick={() => onChoose(guest)} aria-label={t`Use ${who}`}>
                  {who}
                  {guest.guestType === 'member' ? ` ★ ${t`Member`}` : ''}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
