/**
 * A queued mail's HTML part, written from its text as the caller wrote it: every character the text holds
 * is escaped (nothing a guest typed becomes markup), blank lines part paragraphs, line breaks stay, and
 * web and e-mail addresses become links. The frame (the club's name, a footer in the reader's language) uses inline
 * styles and tables, which mail clients keep.
 */
import { messageLanguage } from './message-language';

/** The club's name as the frame shows it: a name, the same in every language. */
export const CLUB_NAME = 'The Aldrich Club';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

// A web address runs to the next space or angle bracket; a closing punctuation mark is the sentence's, not
// the link's. An e-mail address (a venue's reservations desk) becomes a mailto: link.
const LINKABLE = /https?:\/\/[^\s<>"]+|[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]'。、）]+$/;

const LINK_STYLE = 'color:#8a6d3b;text-decoration:underline;word-break:break-all;';

/** One line: escaped, with its web and e-mail addresses as links. */
function lineHtml(line: string): string {
  let html = '';
  let at = 0;
  for (const match of line.matchAll(LINKABLE)) {
    const text = match[0].replace(TRAILING_PUNCTUATION, '');
    const href = /^https?:/.test(text) ? text : `mailto:${text}`;
    html += escapeHtml(line.slice(at, match.index)) + `<a href="${escapeHtml(href)}" target="_blank" rel="noopener" style="${LINK_STYLE}">${escapeHtml(text)}</a>`;
    at = match.index + text.length;
  }
  return html + escapeHtml(line.slice(at));
}

/** The text's paragraphs (split at blank lines) as `<p>`s, its other line breaks as `<br>`s. */
export function paragraphsHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p style="margin:0 0 16px;">${paragraph.split('\n').map(lineHtml).join('<br>')}</p>`)
    .join('\n');
}

const SERIF = "Georgia,'Times New Roman',Times,serif";
const SANS = 'Helvetica,Arial,sans-serif';

/** The whole HTML document of a mail with `subject` and `body` (its text part), in the reader's language. */
export function mailHtml(message: { subject: string; body: string; locale: string | null }): string {
  const { locale, i18n } = messageLanguage(message.locale);
  // 'in Hong Kong': a catalog text whose only words beside a placeholder are 'Hong Kong' would make the pages' check
  // for untranslated English flag the venues' addresses, which keep the city's English name.
  const footer = i18n._('You receive this e-mail because of your account or a booking with {club} in Hong Kong.', { club: CLUB_NAME });
  return `<!DOCTYPE html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(message.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3efe6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3efe6;">
<tr><td align="center" style="padding:32px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border:1px solid #e2d9c6;">
<tr><td align="center" style="padding:28px 32px 22px;border-bottom:2px solid #b08d57;font-family:${SERIF};font-size:20px;letter-spacing:5px;text-transform:uppercase;color:#1d1b18;">${escapeHtml(CLUB_NAME)}</td></tr>
<tr><td style="padding:32px 36px 16px;font-family:${SERIF};font-size:16px;line-height:1.65;color:#2b2823;">
${paragraphsHtml(message.body)}
</td></tr>
<tr><td align="center" style="padding:18px 36px 26px;border-top:1px solid #e2d9c6;font-family:${SANS};font-size:12px;line-height:1.5;color:#7b7366;">${escapeHtml(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
