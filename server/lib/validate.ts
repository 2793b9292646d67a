/** Request validation with valibot: a 400 naming the first bad field, before anything changes. */
import type { Context } from 'hono';
import * as v from 'valibot';
import { ApiError, badRequest, verbatim } from './errors';
import { messageSource, textWithValues } from '../../common/message-values';
import { ERROR_CODES } from '../../common/api/error-codes';
import { DATE_RANGE, isIsoDate } from '../../common/time';
import { DISALLOWED_CHARACTER_MESSAGE, hasDisallowedCharacter, isMultiLineField } from '../../common/validation/text-characters';

type Schema = v.GenericSchema;

/**
 * The path of the first text in `input`, a value or a key at any depth, that holds a character its field
 * may not (text-characters.ts); '' for the input itself, null when all is well. A bad key is named by the
 * object holding it, so the answer does not echo the key back. Iterative: nesting depth cannot overflow.
 */
function disallowedTextPath(input: unknown): string | null {
  const pending: [value: unknown, path: string][] = [[input, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (hasDisallowedCharacter(value, isMultiLineField(path))) return path;
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      if (entries.some(([key]) => hasDisallowedCharacter(key, false))) return path;
      // Reversed onto the stack, so fields are looked at in the order they were sent.
      for (const [key, item] of entries.reverse()) pending.push([item, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

type SchemaNode = { type: string; wrapped?: SchemaNode; entries?: Record<string, SchemaNode>; item?: SchemaNode };
const OBJECT_TYPES = new Set(['object', 'loose_object', 'strict_object']);

/**
 * The path of the first array in `input` where `schema` wants an object, null when none. Valibot's object
 * schemas take an array as an object with no fields, so `texts.ja: []` would pass as "no Japanese texts"
 * and be saved; the caller sent something else and is told so.
 */
function arrayForObject(schema: SchemaNode, input: unknown, path: string): string | null {
  let node = schema;
  while (node.wrapped) node = node.wrapped; // optional, nullable, nullish
  if (Array.isArray(input)) {
    if (OBJECT_TYPES.has(node.type)) return path;
    if (node.type !== 'array' || !node.item) return null;
    for (const [index, item] of input.entries()) {
      const found = arrayForObject(node.item, item, path ? `${path}.${index}` : String(index));
      if (found !== null) return found;
    }
    return null;
  }
  if (!OBJECT_TYPES.has(node.type) || input === null || typeof input !== 'object') return null;
  for (const [key, entry] of Object.entries(node.entries ?? {})) {
    const found = arrayForObject(entry, (input as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

function check<S extends Schema>(schema: S, input: unknown, where: string): v.InferOutput<S> {
  // Before the schema, so that no field (nor one the schema would drop) slips past, whatever its rules.
  const badText = disallowedTextPath(input);
  if (badText !== null) {
    // Not through textWithValues: the path may be any key a caller makes up, and that cache is for our own texts.
    throw badRequest(DISALLOWED_CHARACTER_MESSAGE, badText || undefined, { field: badText || where });
  }
  const arrayPath = arrayForObject(schema as unknown as SchemaNode, input, '');
  if (arrayPath) throw badRequest(verbatim(`${arrayPath}: Invalid type: Expected Object but received Array`), arrayPath);
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = v.getDotPath(issue) ?? undefined;
  // Our own texts (docs/PRODUCT.md §5's among them) stand alone, in the caller's language; valibot's generic ones
  // ("Invalid type: ...") are for developers: the field's name in front so they know what to fix, in English.
  if (issue.message.startsWith('Invalid ')) throw badRequest(verbatim(`${field ?? where}: ${issue.message}`), field);
  // A text with values (textWithValues) is translated from its ICU source with them.
  const { id, values } = messageSource(issue.message);
  throw badRequest(id, field, values);
}

const NOT_AN_OBJECT = /*i18n*/ 'The request must be a JSON object';

// application/json, with no parameter but an optional charset=utf-8 (JSON is UTF-8: RFC 8259 §8.1).
const JSON_CONTENT_TYPE = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

export async function parseBody<S extends Schema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  if (!JSON_CONTENT_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, /*i18n*/ 'The request body must be sent as JSON, with Content-Type: application/json');
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest(/*i18n*/ 'The request body must be JSON');
  }
  // Every body of the contract is an object; valibot's object schemas would take an array ([] or [1,2,3])
  // as one with no fields, so a body of nothing to read could pass as an empty change.
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest(NOT_AN_OBJECT);
  return check(schema, body, 'body');
}

export function parseQuery<S extends Schema>(c: Context, schema: S): v.InferOutput<S> {
  return check(schema, c.req.query(), 'query');
}

export function parseParams<S extends Schema>(c: Context, schema: S): v.InferOutput<S> {
  return check(schema, c.req.param(), 'path');
}

/** '<field> is required', for a missing or empty value. */
export const requiredMessage = (field: string) => textWithValues(/*i18n*/ '{field} is required', { field });
/** '<field> must be a 24-character hex id'. */
export const hexIdMessage = (field: string) => textWithValues(/*i18n*/ '{field} must be a 24-character hex id', { field });
/** '<field> must be a date as YYYY-MM-DD, from 2000-01-01 to 2099-12-31' (common/time.ts, DATE_RANGE). */
export const isoDateMessage = (field: string) =>
  textWithValues(/*i18n*/ '{field} must be a date as YYYY-MM-DD, from {from} to {to}', { field, ...DATE_RANGE });

/** Shared field schemas for path and query values. */
export const idSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/, /*i18n*/ 'must be a 24-character hex id'));
export const isoDateSchema = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, /*i18n*/ 'must be a date as YYYY-MM-DD'),
  v.check(isIsoDate, textWithValues(/*i18n*/ 'must be a real date from {from} to {to}', DATE_RANGE)),
);
/** A whole number given as a query string. */
export const intFromString = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d+$/, /*i18n*/ 'must be a whole number'), v.transform(Number), v.minValue(min), v.maxValue(max));

/** An object whose missing keys say '<key> is required' rather than valibot's generic key message. */
export const requiredObject = <E extends v.ObjectEntries>(entries: E) =>
  v.object(entries, (issue) => (issue.expected?.startsWith('"') ? requiredMessage(issue.expected.slice(1, -1)) : NOT_AN_OBJECT));

const KEY_MESSAGE = /*i18n*/ 'idempotencyKey must be text of 8 to 100 characters';

/** A caller's idempotency key (a UUID, say): 8 to 100 characters. */
export const idempotencyKeySchema = v.pipe(v.string(KEY_MESSAGE), v.minLength(8, KEY_MESSAGE), v.maxLength(100, KEY_MESSAGE));
