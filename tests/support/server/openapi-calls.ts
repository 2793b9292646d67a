/**
 * Every operation of `openapi.yaml` (method, path, whether it wants a bearer token, its parameters), and
 * the filling of its path and query from rows a test names: for the tests that walk the whole contract
 * (the authorisation matrix). Kept to operations, principals' rows and parameters; request bodies are
 * another helper's.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** One parameter of an operation, as the contract gives it. */
export interface CallParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: { type?: string; format?: string; enum?: unknown[] };
}

/** One operation of the contract. */
export interface OpenApiCall {
  method: Uppercase<(typeof METHODS)[number]>;
  /** The contract's path, with `{name}` placeholders. */
  path: string;
  /** True when the operation asks for the bearer token (its `security` names `bearer`). */
  bearer: boolean;
  parameters: CallParameter[];
}

interface Document {
  security?: Record<string, unknown>[];
  paths: Record<string, Record<string, unknown> & { parameters?: unknown[] }>;
  components?: { parameters?: Record<string, CallParameter> };
}

function resolve(document: Document, parameter: unknown): CallParameter {
  const ref = (parameter as { $ref?: string }).$ref;
  if (!ref) return parameter as CallParameter;
  const name = ref.split('/').at(-1)!;
  const found = document.components?.parameters?.[name];
  if (!found) throw new Error(`openapi.yaml: no parameter ${ref}`);
  return found;
}

/** Every operation of `openapi.yaml` (at the repository's root), in the file's order. */
export function openApiCalls(file = new URL('../../../openapi.yaml', import.meta.url)): OpenApiCall[] {
  const document = parse(readFileSync(file, 'utf8')) as Document;
  const calls: OpenApiCall[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as { security?: Record<string, unknown>[]; parameters?: unknown[] } | undefined;
      if (!operation) continue;
      const security = operation.security ?? document.security ?? [];
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])]
        .map((p) => resolve(document, p))
        .filter((p) => p.in === 'path' || p.in === 'query');
      calls.push({ method: method.toUpperCase() as OpenApiCall['method'], path, bearer: security.some((s) => 'bearer' in s), parameters });
    }
  }
  return calls;
}

/** The `{name}`s of a contract path, in order. */
export const pathParameterNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/**
 * The address of `call` with its path parameters from `values` (each must be given: a parameter nobody
 * filled is a new kind of call the test must learn) and its query from `values`, else, for a required
 * one, a plain value of its schema's kind (`defaults`).
 */
export function addressOf(call: OpenApiCall, values: Record<string, string>, defaults: Record<string, string> = {}): string {
  const path = call.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${call.method} ${call.path}: nothing fills {${name}}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const parameter of call.parameters.filter((p) => p.in === 'query')) {
    const value = values[parameter.name] ?? (parameter.required ? (defaults[parameter.name] ?? plainValue(parameter)) : undefined);
    if (value !== undefined) query.set(parameter.name, value);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** A value of a query parameter's kind that passes its type (not necessarily the rules behind it). */
function plainValue(parameter: CallParameter): string {
  const { type, format, enum: choices } = parameter.schema ?? {};
  if (choices?.length) return String(choices[0]);
  if (format === 'date') return '2026-12-01';
  if (type === 'integer' || type === 'number') return '2';
  return 'x';
}

/** What a path parameter names: the kind of row that fills it. */
export type ResourceKind =
  | 'venue'
  | 'day'
  | 'booking'
  | 'changeHold'
  | 'waitlistEntry'
  | 'payment'
  | 'walletEntry'
  | 'table'
  | 'area'
  | 'experience'
  | 'closure'
  | 'staffAccount'
  | 'guest'
  | 'guestTag'
  | 'guestNote'
  | 'erasureSubject'
  | 'guestMerge'
  | 'walkInEntry';

// By the path's start and the parameter's name; the first match wins. A parameter none matches throws.
const KINDS: [RegExp, string, ResourceKind][] = [
  [/./, 'venueId', 'venue'],
  [/./, 'date', 'day'],
  [/./, 'holdId', 'changeHold'],
  [/^\/(user|admin)\/reservation\//, 'id', 'booking'],
  [/^\/user\/waitlist\//, 'id', 'waitlistEntry'],
  [/^\/user\/payment\//, 'id', 'payment'],
  // A saved card is named by the payment that saved it.
  [/^\/user\/saved-card\//, 'id', 'payment'],
  // A transaction of the history is a wallet entry (or a card payment: the wallet's is enough here).
  [/^\/user\/(wallet\/entries|transaction-history)\//, 'id', 'walletEntry'],
  [/^\/admin\/table\//, 'id', 'table'],
  [/^\/admin\/area\//, 'id', 'area'],
  [/^\/admin\/experience\//, 'id', 'experience'],
  [/^\/admin\/closure\//, 'id', 'closure'],
  [/^\/admin\/staff\//, 'id', 'staffAccount'],
  [/^\/admin\/guest\//, 'id', 'guest'],
  [/^\/admin\/guests\//, 'userId', 'guest'],
  [/./, 'tagId', 'guestTag'],
  [/^\/admin\/guest-tag\//, 'id', 'guestTag'],
  [/./, 'noteId', 'guestNote'],
  [/^\/admin\/privacy\/erasure-requests\//, 'userId', 'erasureSubject'],
  [/./, 'mergeId', 'guestMerge'],
  [/^\/admin\/venue\/\{venueId\}\/walk-in-queue\//, 'entryId', 'walkInEntry'],
];

/** The kind of row each path parameter of `call` names; throws for one it does not know. */
export function resourcesOf(call: OpenApiCall): Record<string, ResourceKind> {
  const kinds: Record<string, ResourceKind> = {};
  for (const name of pathParameterNames(call.path)) {
    const kind = KINDS.find(([path, parameter]) => parameter === name && path.test(call.path))?.[2];
    if (!kind) throw new Error(`${call.method} ${call.path}: no kind of row known for {${name}}`);
    kinds[name] = kind;
  }
  return kinds;
}

/** The path parameters of `call` filled from `rows` (one id per kind of row). */
export function pathValues(call: OpenApiCall, rows: Partial<Record<ResourceKind, string>>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, kind] of Object.entries(resourcesOf(call))) {
    const id = rows[kind];
    if (id === undefined) throw new Error(`${call.method} ${call.path}: no ${kind} row given for {${name}}`);
    values[name] = id;
  }
  return values;
}
