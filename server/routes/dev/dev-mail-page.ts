/**
 * The development mail catcher's page (GET /dev/mail): the outbox's messages, newest first, each mail as
 * the guest will see it (its HTML in a sandboxed frame), its text, attachments and delivery status, so a
 * newcomer can click a reset link without an SMTP server. Never mounted in production.
 */
import type { outbox } from '../../db/schema';
import { escapeHtml, mailHtml } from '../../services/messaging/mail-html';

type OutboxRow = typeof outbox.$inferSelect;

/** Inline styles for the page and the mails it frames; no script at all. */
export const DEV_MAIL_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const PAGE_STYLE = `
body{margin:0;padding:24px;background:#eeeae2;font:14px/1.5 Helvetica,Arial,sans-serif;color:#222}
h1{font:600 20px Georgia,serif;margin:0 0 4px}
.note{color:#666;margin:0 0 20px}
article{background:#fff;border:1px solid #d9d2c3;margin:0 0 24px;max-width:760px}
article>header{padding:12px 16px;border-bottom:1px solid #e6e0d4}
h2{font-size:16px;margin:0 0 6px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}
dt{color:#777}dd{margin:0;word-break:break-all}
.QUEUED{color:#8a6d00}.SENT{color:#1c6b2f}.FAILED{color:#a12622}
iframe{display:block;width:100%;height:560px;border:0}
details{padding:8px 16px;border-top:1px solid #e6e0d4}
pre{white-space:pre-wrap;word-break:break-word;margin:8px 0 0;font:13px/1.5 ui-monospace,Menlo,monospace}
`;

function statusText(row: OutboxRow): string {
  const attempts = row.attempts === 1 ? '1 attempt' : `${row.attempts} attempts`;
  const next = row.status === 'QUEUED' && row.nextAttemptAt ? `, next at ${row.nextAttemptAt.toISOString()}` : '';
  const error = row.lastError ? `; last error: ${row.lastError}` : '';
  return `${row.status} (${attempts}${next})${error}`;
}

function messageHtml(row: OutboxRow): string {
  const attachments = row.attachments
    .map((a, i) => `<a href="/dev/mail/${encodeURIComponent(row.id)}/attachments/${i}" download="${escapeHtml(a.fileName)}">${escapeHtml(a.fileName)}</a> (${escapeHtml(a.contentType)})`)
    .join('<br>');
  const rows: [string, string][] = [
    ['To', escapeHtml(row.recipient)],
    ['Status', `<span class="${row.status}">${escapeHtml(statusText(row))}</span>`],
    ['Queued', escapeHtml(row.createdAt.toISOString())],
    ...(row.sentAt ? ([['Sent', escapeHtml(row.sentAt.toISOString())]] as [string, string][]) : []),
    ...(attachments ? ([['Attachments', attachments]] as [string, string][]) : []),
  ];
  const header = `<header><h2>${row.channel === 'SMS' ? 'SMS' : escapeHtml(row.subject)}</h2><dl>${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl></header>`;
  if (row.channel === 'SMS') return `<article>${header}<details open><summary>Text</summary><pre>${escapeHtml(row.body)}</pre></details></article>`;
  // The mail's own document, in a frame that may open links in a new tab and do nothing else.
  const frame = `<iframe title="${escapeHtml(row.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(mailHtml(row))}"></iframe>`;
  return `<article>${header}${frame}<details><summary>Text</summary><pre>${escapeHtml(row.body)}</pre></details></article>`;
}

/** The whole page for `rows`, newest first as given. */
export function devMailPage(rows: OutboxRow[], delivering: boolean): string {
  const note = delivering
    ? 'Messages are also being delivered (SMTP_URL or SMS_PROVIDER is set).'
    : 'Nothing leaves the server (no SMTP_URL, no SMS_PROVIDER): every message is here, and only here.';
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox · development</title><style>${PAGE_STYLE}</style></head>
<body>
<h1>Outbox</h1>
<p class="note">${escapeHtml(note)} Newest first; <code>?recipient=</code> narrows it to one address.</p>
${rows.length ? rows.map(messageHtml).join('\n') : '<p>The outbox is empty.</p>'}
</body>
</html>
`;
}
