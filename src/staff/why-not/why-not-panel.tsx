/**
 * Staff's "Why not?" (docs/decisions/0020-why-not-explainer.md): for a day, a time and a party, whether
 * guests online are offered it and every reason they are not, for the time itself, each slot of the day not
 * offered (each with its own "Why not?" to look at that time) and each table. The question is checked with
 * the server's schema before it is asked; the answer is announced in a live region.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import * as v from 'valibot';
import { clockTimeOf, serviceMinutesOf } from '../../../common/service-day';
import { WHY_NOT_MESSAGES, whyNotQuerySchema, type WhyNotQuery } from '../../../common/validation/why-not-validation';
import { FormMessage, SelectField, TextField } from '../../components/form';
import { useFailureText } from '../../i18n/message-text';
import { askWhyNot, type WhyNot, type WhyNotReason } from './why-not-calls';

export interface WhyNotQuestion {
  date: string;
  /** HH:MM as the time fields give it. */
  time: string;
  guests: string;
  experienceId?: string;
}

function Reasons({ reasons }: { reasons: WhyNotReason[] }) {
  const { t } = useLingui();
  return (
    <ul className="why-not__reasons">
      {reasons.map(({ code, message, table, note }, i) => (
        <li key={`${code}-${i}`}>
          {/* A combination's reason names the member table it is about. */}
          {table ? t`${table}: ${message}` : message}
          {note ? ` (${note})` : ''}
        </li>
      ))}
    </ul>
  );
}

/** Tables joined for a party no single table seats (docs/PRODUCT.md §9, tables joined): the ones offered, and why the others are not. */
function Combinations({ answer, Sub }: { answer: WhyNot; Sub: 'h3' | 'h4' }) {
  const { t } = useLingui();
  const { numberOfGuests: guests, timeStr: time } = answer;
  return (
    <>
      <Sub>{t`Tables joined at ${time}`}</Sub>
      <ul className="why-not__tables">
        {answer.combinations.map(({ tableIds, name, area, minGuests, maxGuests, offered, reasons }) => (
          <li key={tableIds.join('+')}>
            {offered ? (
              t`${name} would seat ${guests}.`
            ) : (
              <>
                <strong>{`${name} · ${area}`}</strong> {t`(seats ${minGuests} to ${maxGuests})`}
                <Reasons reasons={reasons} />
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

export function WhyNotPanel({
  venueId,
  experiences,
  initial,
  title,
}: {
  venueId: string;
  experiences: readonly { _id: string; name: string }[];
  initial: WhyNotQuestion;
  /** A heading of its own when the panel is inside another form's dialog; a dialog of its own has its title. */
  title?: string;
}) {
  const { t } = useLingui();
  // The shared schema's English, in staff's language (the server says the same in its catalog).
  const problems: Record<string, string> = {
    [WHY_NOT_MESSAGES.date]: t`Choose a day as YYYY-MM-DD`,
    [WHY_NOT_MESSAGES.time]: t`Choose a time as HH:MM`,
    [WHY_NOT_MESSAGES.guests]: t`Choose a party of 1 to 50 guests`,
    [WHY_NOT_MESSAGES.experience]: t`Choose an experience of this venue`,
  };
  const failureText = useFailureText();
  const headingId = useId();
  const [question, setQuestion] = useState<WhyNotQuestion>(initial);
  const [answer, setAnswer] = useState<WhyNot | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function ask(asked: WhyNotQuestion) {
    const parsed = v.safeParse(whyNotQuerySchema, {
      date: asked.date,
      time: String(serviceMinutesOf(asked.time) ?? ''),
      guests: asked.guests,
      ...(asked.experienceId ? { experienceId: asked.experienceId } : {}),
    });
    if (!parsed.success) {
      setError(problems[parsed.issues[0].message] ?? parsed.issues[0].message);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setAnswer(await askWhyNot(venueId, parsed.output as WhyNotQuery));
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }
  // The question staff opened it with is asked at once.
  useEffect(() => {
    void ask(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const set = (name: keyof WhyNotQuestion) => ({
    value: question[name] ?? '',
    onChange: (e: { target: { value: string } }) => setQuestion((q) => ({ ...q, [name]: e.target.value })),
  });
  const askOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement)) return;
    event.preventDefault();
    void ask(question);
  };
  const lookAt = (startTime: number) => {
    const next = { ...question, time: clockTimeOf(startTime) };
    setQuestion(next);
    void ask(next);
  };

  // Under the dialog's h2: h3 when the panel has no heading of its own, h4 under its h3 when it has.
  const Sub = title ? 'h4' : 'h3';
  const closedSlots = answer?.slots.filter((s) => !s.offered) ?? [];
  const joinedSlots = answer?.slots.filter((s) => s.offered && s.combination) ?? [];
  const blockedTables = answer?.tables.filter((tb) => tb.reasons.length > 0) ?? [];
  const freeTables = answer?.tables.filter((tb) => tb.reasons.length === 0) ?? [];
  const summary =
    answer === null ? ''
    : answer.offered ? t`${answer.timeStr} for ${answer.numberOfGuests} is offered to guests online.`
    : t`${answer.timeStr} for ${answer.numberOfGuests} is not offered to guests online.`;

  return (
    <section className="why-not" aria-labelledby={title ? headingId : undefined} aria-label={title ? undefined : t`Why not?`}>
      {title && <h3 id={headingId}>{title}</h3>}
      {/* A group, not a form: the panel also opens inside the phone booking's form, and forms do not nest. Enter in a field asks. */}
      <div role="group" className="staff-form why-not__question" aria-label={t`Why is a time not offered?`} onKeyDown={askOnEnter}>
        {experiences.length > 0 && (
          <SelectField label={t`Experience`} {...set('experienceId')}>
            {experiences.map((e) => (
              <option key={e._id} value={e._id}>
                {e.name}
              </option>
            ))}
          </SelectField>
        )}
        <TextField label={t`Date`} type="date" required {...set('date')} />
        <TextField label={t`Time`} type="time" required {...set('time')} />
        <TextField label={t`Guests`} type="number" min={1} max={50} required {...set('guests')} />
        <button type="button" className="button" disabled={busy} onClick={() => void ask(question)}>
          {busy ? t`Looking…` : t`Ask`}
        </button>
      </div>
      <FormMessage error={error} />
      <p role="status" aria-live="polite" className="why-not__summary">
        {summary}
      </p>
      {answer && (
        <>
          {answer.reasons.length > 0 && <Reasons reasons={answer.reasons} />}
          <Sub>{t`Tables at ${answer.timeStr}`}</Sub>
          {freeTables.length > 0 && <p>{t`Offered: ${freeTables.map((tb) => tb.name).join(', ')}`}</p>}
          <ul className="why-not__tables">
            {blockedTables.map((tb) => (
              <li key={tb.tableId}>
                <strong>{`${tb.name} · ${tb.area}`}</strong>
                <Reasons reasons={tb.reasons} />
              </li>
            ))}
          </ul>
          {answer.combinations.length > 0 && <Combinations answer={answer} Sub={Sub} />}
          {joinedSlots.length > 0 && (
            <>
              <Sub>{t`Times offered at tables joined`}</Sub>
              <ul className="why-not__slots">
                {joinedSlots.map(({ startTime, startTimeStr: time, combination }) => {
                  const [name, guests] = [combination?.name, answer.numberOfGuests];
                  return <li key={startTime}>{t`${time}: ${name} would seat ${guests}.`}</li>;
                })}
              </ul>
            </>
          )}
          <Sub>{t`Times not offered that day`}</Sub>
          {closedSlots.length === 0 ? (
            <p>{t`Every time that day is offered.`}</p>
          ) : (
            <ul className="why-not__slots">
              {closedSlots.map((s) => (
                <li key={s.startTime}>
                  <strong>{s.startTimeStr}</strong>{' '}
                  <button type="button" className="button button--small" onClick={() => lookAt(s.startTime)} aria-label={t`Why not ${s.startTimeStr}?`}>
                    {t`Why not?`}
                  </button>
                  <Reasons reasons={s.reasons} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
