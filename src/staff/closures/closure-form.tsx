/**
 * Adding a closure: what (the whole venue, a dining area or a service), from and to which day, and why.
 * The server checks every rule and answers in the reader's language; its message goes beside the field
 * it names, and nothing typed is lost.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { ApiFailure, unwrap } from '../../../common/api/api-error';
import { useFailureText } from '../../i18n/message-text';
import { CLOSURE_REASONS, CLOSURE_SCOPES, type ClosureReason, type ClosureScope } from '../../../common/validation/closure-validation';
import { staffApi } from '../staff-api';
import { useClosureLabels } from './closure-labels';
import type { Closure, ClosureList } from './use-closures';

interface Props {
  venueId: string;
  date: string;
  list: ClosureList;
  onCreated(closure: Closure): void;
}

export function ClosureForm({ venueId, date, list, onCreated }: Props) {
  const { t } = useLingui();
  const labels = useClosureLabels();
  const failureText = useFailureText();
  const id = useId();
  const [scope, setScope] = useState<ClosureScope>('VENUE');
  const [seatingAreaId, setSeatingAreaId] = useState(list.seatingAreas[0]?._id ?? '');
  const [periodName, setPeriodName] = useState(list.services[0]?.name ?? '');
  const [fromDate, setFromDate] = useState(date);
  const [toDate, setToDate] = useState(date);
  const [reason, setReason] = useState<ClosureReason>('PRIVATE_EVENT');
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ field?: string; text: string } | null>(null);
  const scopeLabels: Record<ClosureScope, string> = { VENUE: t`Whole venue`, AREA: t`Dining area`, SERVICE: t`Service` };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      const body = {
        venueId,
        scope,
        fromDate,
        toDate,
        reason,
        ...(scope === 'AREA' ? { seatingAreaId } : {}),
        ...(scope === 'SERVICE' ? { periodName } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      };
      const { data } = await unwrap(staffApi.POST('/admin/closure', { body }));
      onCreated(data);
    } catch (error) {
      setFailure({ field: error instanceof ApiFailure ? error.field : undefined, text: failureText(error) });
    } finally {
      setSaving(false);
    }
  }

  /** The server's message beside the field it names, tied to it for screen readers. */
  const fieldError = (field: string) =>
    failure?.field === field ? (
      <span id={`${id}-${field}-error`} className="field__error" role="alert">
        {failure.text}
      </span>
    ) : null;
  const describedBy = (field: string) => (failure?.field === field ? `${id}-${field}-error` : undefined);

  return (
    <form className="staff-closure-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>
        <Trans>Add a closure</Trans>
      </h2>
      <fieldset className="staff-closure-form__choice">
        <legend>
          <Trans>What to close</Trans>
        </legend>
        {CLOSURE_SCOPES.map((value) => (
          <label key={value}>
            <input type="radio" name={`${id}-scope`} value={value} checked={scope === value} onChange={() => setScope(value)} /> {scopeLabels[value]}
          </label>
        ))}
      </fieldset>
      {scope === 'AREA' && (
        <>
          <label className="staff-scope__field">
            <Trans>Dining area</Trans>
            <select value={seatingAreaId} onChange={(e) => setSeatingAreaId(e.target.value)} aria-describedby={describedBy('seatingAreaId')}>
              {list.seatingAreas.map((area) => (
                <option key={area._id} value={area._id}>
                  {area.name}
                </option>
              ))}
            </select>
          </label>
          {fieldError('seatingAreaId')}
        </>
      )}
      {scope === 'SERVICE' && (
        <>
          <label className="staff-scope__field">
            <Trans>Service</Trans>
            <select value={periodName} onChange={(e) => setPeriodName(e.target.value)} aria-describedby={describedBy('periodName')}>
              {list.services.map((service) => (
                <option key={service.name} value={service.name}>
                  {service.title}
                </option>
              ))}
            </select>
          </label>
          {fieldError('periodName')}
        </>
      )}
      <div className="staff-scope">
        <label className="staff-scope__field">
          <Trans>First day</Trans>
          <input type="date" required value={fromDate} onChange={(e) => setFromDate(e.target.value)} aria-invalid={failure?.field === 'fromDate'} aria-describedby={describedBy('fromDate')} />
        </label>
        {fieldError('fromDate')}
        <label className="staff-scope__field">
          <Trans>Last day</Trans>
          <input type="date" required min={fromDate} value={toDate} onChange={(e) => setToDate(e.target.value)} aria-invalid={failure?.field === 'toDate'} aria-describedby={describedBy('toDate')} />
        </label>
        {fieldError('toDate')}
      </div>
      <fieldset className="staff-closure-form__choice">
        <legend>
          <Trans>Reason</Trans>
        </legend>
        {CLOSURE_REASONS.map((value) => (
          <label key={value}>
            <input type="radio" name={`${id}-reason`} value={value} checked={reason === value} onChange={() => setReason(value)} /> {labels.reasons[value]}
          </label>
        ))}
        {fieldError('reason')}
      </fieldset>
      <label className="staff-scope__field">
        {reason === 'OTHER' ? <Trans>Why (staff only)</Trans> : <Trans>Note (staff only, optional)</Trans>}
        <input type="text" maxLength={200} required={reason === 'OTHER'} value={note} onChange={(e) => setNote(e.target.value)} aria-invalid={failure?.field === 'note'} aria-describedby={describedBy('note')} />
      </label>
      {fieldError('note')}
      {failure && !failure.field && (
        <p className="form-error" role="alert">
          {failure.text}
        </p>
      )}
      <button type="submit" className="button" disabled={saving}>
        <Trans>Close for these days</Trans>
      </button>
    </form>
  );
}
