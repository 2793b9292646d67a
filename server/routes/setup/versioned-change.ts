/**
 * The one way a set-up handler reads a versioned change (docs/PRODUCT.md §4, the set-up edit): the body
 * checked by the form's valibot schema, its `version` replaced by `If-Match` when the caller sent the
 * ETag it read, the change run, and the new version answered as the ETag the next change sends back.
 * Shared by the floor, pacing and turn-time calls and the venue's texts and services.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import { parseBody, parseQuery } from '../../lib/validate';
import { etagOf, startingVersion } from '../../services/setup/versioned';

type Ctx = Context<AppEnv>;

/** Who changes, and whether only to see what the change would do. */
export interface ChangeBy {
  actorId: string;
  preview: boolean;
}

const previewQuery = v.object({ preview: v.optional(v.picklist(['true', 'false'], /*i18n*/ 'preview must be true or false'), 'false') });

export const changeBy = (c: Ctx): ChangeBy => ({ actorId: c.get('auth').id, preview: parseQuery(c, previewQuery).preview === 'true' });

/** Runs a versioned change and answers its new version as the ETag; returns what `run` returned. */
export async function versionedChange<S extends v.GenericSchema<unknown, { version: number }>, R extends { version: number }>(
  c: Ctx,
  schema: S,
  run: (input: v.InferOutput<S>) => Promise<R>,
): Promise<R> {
  const input = await parseBody(c, schema);
  const data = await run({ ...input, version: startingVersion(c.req.header('If-Match'), input.version) });
  c.header('ETag', etagOf(data.version));
  return data;
}

/**
 * A versioned change that `?preview=true` only previews. The query is read before the body, so each
 * refusal names the first field that is wrong, in the order of the address.
 */
export function previewableChange<S extends v.GenericSchema<unknown, { version: number }>, R extends { version: number }>(
  c: Ctx,
  schema: S,
  run: (input: v.InferOutput<S>, by: ChangeBy) => Promise<R>,
): Promise<R> {
  const by = changeBy(c);
  return versionedChange(c, schema, (input) => run(input, by));
}
