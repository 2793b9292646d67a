/**
 * The audit log (/pages/staff/audit-log, admins only): every change staff made, newest first, paged and
 * filtered by venue, person and days, each with who, when, what, and the fields before and after.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { unwrap } from '../../../common/api/api-error';
import { staffAccountsKey, staffAuditKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { LoadFailure, Loading } from '../../components/read-status';
import { VENUES } from '../../../common/venues';
import { useFailureText } from '../../i18n/message-text';
import { useFormats } from '../../i18n/use-formats';
import type { PageProps } from '../../navigation/routes';
import { auditChanges, type AuditValueText } from '../../staff/audit-changes';
import { useClosureLabels } from '../../staff/closures/closure-labels';
import { mergeIdOf, UndoMergeButton } from '../../staff/guests/undo-merge-button';
import { staffApi } from '../../staff/staff-api';
import { StaffShell } from '../../staff/staff-shell';
import { ScrollingTable } from '../../staff/scrolling-table';

const PAGE_SIZE = 25;

interface Filters {
  venueId: string;
  actorId: string;
  from: string;
  to: string;
}

function AuditLog() {
  const { t } = useLingui();
  const failureText = useFailureText();
  const formats = useFormats();
  const { dateTime } = formats;
  const { reasons } = useClosureLabels();
  // The record's fields in the reader's words: what each is, and its value (a day, a clock time, a name).
  const fieldNames: Record<string, string> = {
    date: t`Date`,
    fromDate: t`From`,
    toDate: t`To`,
    startTime: t`Time`,
    numberOfGuests: t`Guests`,
    seatingAreaId: t`Dining area`,
    tableId: t`Table`,
    reason: t`Reason`,
    note: t`Note`,
    amountDue: t`Amount due`,
  };
  const valueText =
    (names: Record<string, string> | undefined): AuditValueText =>
    (field, value) => {
      if ((field === 'date' || field === 'fromDate' || field === 'toDate') && typeof value === 'string') return formats.date(value);
      if (field === 'startTime' && typeof value === 'number') return formats.time(value);
      if ((field === 'tableId' || field === 'seatingAreaId') && typeof value === 'string') return names?.[value] ?? null;
      if (field === 'reason' && typeof value === 'string' && value in reasons) return reasons[value as keyof typeof reasons];
      if (field === 'amountDue' && typeof value === 'number') return formats.money(value);
      return null;
    };
  const [filters, setFilters] = useState<Filters>({ venueId: '', actorId: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState('');
  const staff = useApiQuery(staffAccountsKey(), () => unwrap(staffApi.GET('/admin/staff')).then((r) => r.data));
  const query = {
    page,
    pageSize: PAGE_SIZE,
    ...(filters.venueId && { venueId: filters.venueId }),
    ...(filters.actorId && { actorId: filters.actorId }),
    ...(filters.from && { from: filters.from }),
    ...(filters.to && { to: filters.to }),
  };
  const log = useApiQuery(staffAuditKey(query), () =>
    unwrap(staffApi.GET('/admin/audit-log', { params: { query } })).then((r) => r.data),
  );
  const people = staff.status === 'ready' ? staff.data : [];
  const nameOf = (id: string) => {
    const person = people.find((p) => p._id === id);
    return person ? `${person.firstName} ${person.lastName}` : id;
  };
  const filter = (change: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage(1);
  };
  const pages = log.status === 'ready' ? Math.max(1, Math.ceil(log.data.total / PAGE_SIZE)) : 1;

  return (
    <>
      <div className="staff-scope" role="group" aria-label={t`Filter the audit log`}>
        <label className="staff-scope__field">
          <span>{t`Venue`}</span>
          <select value={filters.venueId} onChange={(e) => filter({ venueId: e.target.value })}>
            <option value="">{t`Every venue`}</option>
            {VENUES.map((venue) => (
              <option key={venue.value} value={venue.value}>
                {venue.title}
              </option>
            ))}
          </select>
        </label>
        <label className="staff-scope__field">
          <span>{t`Person`}</span>
          <select value={filters.actorId} onChange={(e) => filter({ actorId: e.target.value })}>
            <option value="">{t`Everyone`}</option>
            {people.map((person) => (
              <option key={person._id} value={person._id}>
                {`${person.firstName} ${person.lastName}`}
              </option>
            ))}
          </select>
        </label>
        <label className="staff-scope__field">
          <span>{t`From`}</span>
          <input type="date" value={filters.from} onChange={(e) => filter({ from: e.target.value })} />
        </label>
        <label className="staff-scope__field">
          <span>{t`To`}</span>
          <input type="date" value={filters.to} onChange={(e) => filter({ to: e.target.value })} />
        </label>
      </div>
      <p role="status">{notice}</p>
      {log.status === 'loading' && <Loading>{t`Loading…`}</Loading>}
      {log.status === 'error' && <LoadFailure message={failureText(log.error)} retry={log.reload} />}
      {log.status === 'ready' && log.data.items.length === 0 && (
        <p className="muted">
          <Trans>Nothing has been recorded for this choice.</Trans>
        </p>
      )}
      {log.status === 'ready' && log.data.items.length > 0 && (
        <ScrollingTable label={t`Audit log`}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t`When`}</th>
                <th scope="col">{t`Who`}</th>
                <th scope="col">{t`Venue`}</th>
                <th scope="col">{t`What`}</th>
                <th scope="col">{t`Before and after`}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.items.map((entry) => (
                <tr key={entry._id}>
                  <td data-label={t`When`}>{dateTime(entry.createdAt)}</td>
                  <td data-label={t`Who`}>{nameOf(entry.actorId)}</td>
                  <td data-label={t`Venue`}>{VENUES.find((v) => v.value === entry.venueId)?.title ?? t`Club-wide`}</td>
                  <td data-label={t`What`}>
                    <code>{entry.action}</code>
                    {entry.reference && <div>{entry.reference}</div>}
                    {mergeIdOf(entry) && (
                      <UndoMergeButton
                        mergeId={mergeIdOf(entry)!}
                        onUndone={(text) => {
                          setNotice(text);
                          log.reload();
                        }}
                      />
                    )}
                  </td>
                  <td data-label={t`Before and after`}>
                    <ul className="list">
                      {auditChanges(entry.before, entry.after, valueText(entry.names)).map((change) => (
                        <li key={change.field}>
                          <strong>{fieldNames[change.field] ?? change.field}</strong>: {change.before ?? '—'} → {change.after ?? '—'}
                        </li>
                      ))}
                    </ul>
                    <details>
                      <summary>{t`The record as stored`}</summary>
                      <pre>{JSON.stringify({ [entry.entityType]: entry.entityId, before: entry.before, after: entry.after }, null, 2)}</pre>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
      {log.status === 'ready' && pages > 1 && (
        <nav className="staff-actions" aria-label={t`Audit log pages`}>
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t`Newer`}
          </button>
          <span>{t`Page ${page} of ${pages}`}</span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t`Older`}
          </button>
        </nav>
      )}
    </>
  );
}

export default function StaffAuditLogPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="audit-log" title={t`Audit log`} query={query}>
      {() => <AuditLog />}
    </StaffShell>
  );
}
