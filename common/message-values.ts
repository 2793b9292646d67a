/**
 * Validation texts with values in them ("Your name must be 100 characters or fewer."). valibot carries a
 * message only as a string, so a schema gets the English text, which the browser shows (or its own
 * translation of it), and the server looks up the ICU source and values behind that text to answer in
 * the caller's language. Browser-safe.
 */

/** An ICU source text (the catalog id) and the values it is formatted with. */
export interface MessageSource {
  id: string;
  values?: Record<string, string | number>;
}

// English text → its source. Filled by `textWithValues` as schemas are built and used; schema texts
// are few, so this stays small.
const sources = new Map<string, MessageSource>();

/**
 * `id`, an ICU message with plain `{name}` placeholders (no plurals: this side has no ICU formatter),
 * in English with `values` filled in. Mark the literal where it is written: `textWithValues(/*i18n*\/ '…', …)`.
 */
export function textWithValues(id: string, values: Record<string, string | number>): string {
  const text = id.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
  sources.set(text, { id, values });
  return text;
}

/** The source behind a text made by `textWithValues`; any other text is its own source. */
export function messageSource(text: string): MessageSource {
  return sources.get(text) ?? { id: text };
}
