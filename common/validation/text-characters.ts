/**
 * Which characters a text field may hold. No field takes control characters (PostgreSQL refuses NUL in
 * text, and the others only hide or forge things: a line break in a name or subject becomes a new line in
 * a mail header or a calendar file). Line breaks and TAB are for the free-text fields listed here only,
 * and so are the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069): in a name, a
 * subject or an e-mail address they reorder what staff and other guests read ('Trojan Source'), and a name
 * has no use for them; a multi-line note in Arabic or Hebrew may.
 * Browser-safe.
 */
/**
 * The fields, by their path in a request, that hold free text of several lines: the contact form's
 * message, a booking's notes (completion and change), a visit's feedback comment and the allergy answer.
 * Every other text is one line.
 */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set(['message', 'notes', 'comment', 'answer']);

// C0 controls but TAB, LF and CR; DEL; C1 controls.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// Half a surrogate pair is no character at all: it cannot be written as UTF-8, so PostgreSQL cannot store it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// What ends or breaks a line, and TAB: free text only. U+2028 and U+2029 are Unicode's line and paragraph separators.
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;
// Bidirectional embeddings and overrides (LRE, RLE, PDF, LRO, RLO) and isolates (LRI, RLI, FSI, PDI).
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * Whether `text` holds a character its field may not: any control or broken character, and a line break
 * or a bidirectional override or isolate outside multi-line text.
 */
export function hasDisallowedCharacter(text: string, multiLine: boolean): boolean {
  return CONTROL.test(text) || LONE_SURROGATE.test(text) || (!multiLine && (LINE_BREAK.test(text) || BIDI_CONTROL.test(text)));
}

/** Whether the field at `path` (as 'notes' or 'agreements.cancellationPolicy') may hold several lines. */
export const isMultiLineField = (path: string) => MULTI_LINE_FIELDS.has(path);

/** The refusal, an ICU text with the field's path as `{field}`. */
export const DISALLOWED_CHARACTER_MESSAGE = /*i18n*/ '{field} contains a character that is not allowed';
