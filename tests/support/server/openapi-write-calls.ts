/**
 * openapi.yaml read for the tests that send requests made from the contract: its schemas resolved, a
 * plausible value of each, the write calls with a JSON body, and the bad bodies of each call (wrong types,
 * edges, out-of-range dates, arrays for objects, null, {}). Read with the YAML reader `npm run gen:api`
 * (openapi-typescript) reads the contract with.
 */
import { readFileSync } from 'node:fs';
import { parseYaml } from '@redocly/openapi-core';

export type SchemaObject = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  allOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
};
export type Parameter = { $ref?: string; name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: SchemaObject };
export type Operation = {
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { $ref?: string; content?: Record<string, { schema: SchemaObject }> };
};

export const SPEC = parseYaml(readFileSync('openapi.yaml', 'utf8')) as { paths: Record<string, Record<string, Operation>> };

/** The object a local `$ref` ('#/components/schemas/Id') points at. */
export function deref<T extends { $ref?: string }>(node: T): T {
  if (!node.$ref) return node;
  const target = node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<any>((at, key) => at[key], SPEC);
  return deref(target as T);
}

/** A schema with its references followed and its allOf merged; of a oneOf, the first non-null branch. */
export function resolve(schema: SchemaObject): SchemaObject {
  const s = deref(schema);
  if (s.allOf) {
    const parts = s.allOf.map(resolve);
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties)),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  if (s.oneOf) return resolve(s.oneOf.find((o) => deref(o).type !== 'null') ?? s.oneOf[0]!);
  return s;
}

export const isType = (s: SchemaObject, type: string) => s.type === type || (Array.isArray(s.type) && s.type.includes(type));

/** Demo values by the contract's patterns and the fields' names, so a call gets as far as it can. */
export interface SampleValues {
  byPattern: Record<string, unknown>;
  byName: Record<string, unknown>;
  /** Optional fields left out, as one of two that may not come together (tableIds beside tableId). */
  omit?: ReadonlySet<string>;
}

/** A plausible value of `schema` for the field `name`. */
export function sample(schema: SchemaObject, name: string, values: SampleValues): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (values.byName[name] !== undefined) return values.byName[name];
  if (isType(s, 'object')) {
    const entries = Object.entries(s.properties ?? {}).filter(([key]) => !values.omit?.has(key));
    return Object.fromEntries(entries.map(([key, value]) => [key, sample(value, key, values)]));
  }
  if (isType(s, 'array')) return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items ?? {}, name, values));
  if (isType(s, 'integer') || isType(s, 'number')) return s.minimum ?? 2;
  if (isType(s, 'boolean')) return true;
  if (s.pattern && values.byPattern[s.pattern] !== undefined) return values.byPattern[s.pattern];
  if (s.format === 'date') return '2026-12-01';
  return s.minLength ? 'x'.repeat(s.minLength + 4) : 'Sweep text';
}

/** The dotted paths of the text fields of an object schema, at any depth. */
export function textFields(schema: SchemaObject, prefix = ''): string[] {
  const s = resolve(schema);
  if (!isType(s, 'object')) return isType(s, 'string') ? [prefix] : [];
  return Object.entries(s.properties ?? {}).flatMap(([key, value]) => textFields(value, prefix ? `${prefix}.${key}` : key));
}

/** A copy of `body` with `value` at the dotted `path` (a number in it is an array's index). */
export function withValue(body: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, any>;
  const keys = path.split('.');
  const last = keys.pop()!;
  keys.reduce((at, key) => at[key], copy)[last] = value;
  return copy;
}

/** A write call of the contract with a JSON body. */
export interface WriteCall {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as the contract writes it: '/user/reservation/v1.1/{id}'. */
  template: string;
  /** Its path parameters' names, and its required query parameters with their schemas. */
  pathParams: string[];
  query: Parameter[];
  token: boolean;
  body: SchemaObject;
}

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** Every call of the contract under `prefixes` that writes and takes a JSON body. */
export function writeCalls(prefixes: readonly string[] = ['/public/', '/user/', '/admin/']): WriteCall[] {
  const calls: WriteCall[] = [];
  for (const [template, item] of Object.entries(SPEC.paths)) {
    if (!prefixes.some((prefix) => template.startsWith(prefix))) continue;
    for (const [method, operation] of Object.entries(item)) {
      const body = operation.requestBody && deref(operation.requestBody).content?.['application/json']?.schema;
      if (!WRITE_METHODS.has(method) || !body) continue;
      const parameters = (operation.parameters ?? []).map(deref);
      calls.push({
        method: method.toUpperCase() as WriteCall['method'],
        template,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query' && p.required),
        token: Boolean(operation.security?.length),
        body: resolve(body),
      });
    }
  }
  return calls;
}

/** A body a call must refuse: what is wrong with it, and the body. */
export interface BadBody {
  label: string;
  body: unknown;
}

/** Over the signed 32-bit integers the database counts in, and over any sane amount or count. */
const HUGE_NUMBER = 1e15;
/** Longer than any text the product takes, well inside the 64 KB body limit. */
const HUGE_TEXT = 'x'.repeat(20_000);
/** Not a day (year 0), past any booking, and not in the calendar. */
export const BAD_DATES = ['0000-01-01', '9999-12-31', '2026-02-30'] as const;

/** Required texts the product takes empty: a description left blank, the allergy answer '' for none. */
const MAY_BE_EMPTY = new Set(['description', 'answer']);
/**
 * A text in a language other than English, which the contract's shared texts schema lists as required but
 * set-up takes left out (null or ''): a missing translation is read in English.
 */
const TRANSLATION = /^texts\.(?!en\.)[^.]+\.[^.]+$/;

const isDateField = (s: SchemaObject, name: string) => s.format === 'date' || /(^|[a-z])Date$|^date$|^(from|to)$/.test(name);

/** The values no field of `s` (named `name`, required or not) may take. */
function badValues(s: SchemaObject, name: string, required: boolean): [string, unknown][] {
  const nullable = isType(s, 'null');
  // The API takes null for an optional field as not given (the forms send it so), so null is bad only where required.
  const out: [string, unknown][] = nullable || !required ? [] : [['null', null]];
  if (s.enum || s.const !== undefined) return [...out, ['not one of the values', 'NOT_ONE_OF_THEM'], ['a number', 12345]];
  if (isType(s, 'object')) return [...out, ['an array', []], ['an array of numbers', [1, 2, 3]], ['text', 'text']];
  if (isType(s, 'array')) return [...out, ['an object', {}], ['text', 'text']];
  if (isType(s, 'boolean')) return [...out, ['text', 'true'], ['a number', 1]];
  if (isType(s, 'integer') || isType(s, 'number')) {
    out.push(['text', '2'], ['huge', HUGE_NUMBER]);
    if (s.minimum === undefined || s.minimum >= 0) out.push(['negative', -1]);
    if (s.minimum !== undefined && s.minimum >= 1) out.push(['0', 0]);
    if (isType(s, 'integer')) out.push(['fractional', 1.5]);
    if (s.maximum !== undefined && s.maximum < HUGE_NUMBER) out.push([`${s.maximum + 1}`, s.maximum + 1]);
    else if (name === 'numberOfGuests') out.push(['11', 11]);
    return out;
  }
  // Text.
  out.push(['a number', 12345], ['an object', {}], ['huge', HUGE_TEXT]);
  if ((required && !nullable && !MAY_BE_EMPTY.has(name)) || (s.minLength ?? 0) >= 1) out.push(['empty', '']);
  if (isDateField(s, name)) for (const date of BAD_DATES) out.push([date, date]);
  return out;
}

/** The fields of an object schema to spoil, as dotted paths with their schemas, to `depth` levels (arrays: their first item). */
function fieldsOf(schema: SchemaObject, base: unknown, prefix: string, depth: number): { path: string; schema: SchemaObject; required: boolean }[] {
  const s = resolve(schema);
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const field = resolve(value);
    const here = { path, schema: field, required: required.has(key) && !TRANSLATION.test(path) };
    const at = (base as Record<string, unknown> | undefined)?.[key];
    if (depth <= 1) return [here];
    if (isType(field, 'object') && at && typeof at === 'object') return [here, ...fieldsOf(field, at, path, depth - 1)];
    if (isType(field, 'array') && field.items && isType(resolve(field.items), 'object') && Array.isArray(at) && at.length > 0) {
      return [here, ...fieldsOf(field.items, at[0], `${path}.0`, depth - 1)];
    }
    return [here];
  });
}

/** The bad bodies of a call: the whole body wrong ({}, [], [1,2,3], null), then each field of `base` spoiled in turn. */
export function badBodies(call: WriteCall, base: unknown): BadBody[] {
  const whole: BadBody[] = [
    { label: '{}', body: {} },
    { label: '[]', body: [] },
    { label: '[1,2,3]', body: [1, 2, 3] },
    { label: 'null', body: null },
  ];
  const fields = fieldsOf(call.body, base, '', 3).flatMap(({ path, schema, required }) =>
    badValues(schema, path.split('.').pop()!, required).map(([what, value]) => ({ label: `${path}: ${what}`, body: withValue(base, path, value) })),
  );
  return [...whole, ...fields];
}
