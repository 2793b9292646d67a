/**
 * The one shape of a set-up change's handler (docs/PRODUCT.md §4, the set-up edit): the address's ids, then
 * `?preview` (read before the body, so each refusal names the first field that is wrong, in the order of
 * the address), the body by the form's valibot schema (starting from the version read, or `If-Match`, for
 * a change of a versioned record), the change, which previews or publishes, and its outcome answered.
 * Who may change the venue's set-up is the route's guard (`setupAccess`).
 */
import type { Context } from 'hono';
import type * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../context';
import { parseBody, parseParams } from '../../lib/validate';
import type { SetupOutcome } from '../../services/setup/setup-change';
import { answer } from '../route';
import { changeBy, versionedChange, type ChangeBy } from './versioned-change';

/** What a set-up change answers: the new version, whether it was saved, and the bookings it would no longer fit. */
const outcomeOf = (outcome: SetupOutcome<unknown>) => ({ version: outcome.version, published: outcome.published, affected: outcome.affected });

interface SetupChangeOptions<Status extends 200 | 201> {
  /** 201 for a record created. */
  status?: Status;
  /** A change of a record read with its version: `If-Match` may give the version, the answer's ETag is the new one. */
  versioned?: boolean;
}

/** A set-up change's handler: `change` runs on the parsed ids and body. */
export function setupChange<Params extends v.GenericSchema, Body extends v.GenericSchema, const Status extends 200 | 201 = 200>(
  params: Params,
  body: Body,
  change: (deps: AppDeps, by: ChangeBy, ids: v.InferOutput<Params>, input: v.InferOutput<Body>) => Promise<SetupOutcome<unknown>>,
  { status = 200 as Status, versioned = true }: SetupChangeOptions<Status> = {},
) {
  return async (c: Context<AppEnv>) => {
    const ids = parseParams(c, params);
    const by = changeBy(c);
    const deps = c.get('deps');
    const data = versioned
      ? await versionedChange(c, body as v.GenericSchema<unknown, { version: number }>, async (input) => outcomeOf(await change(deps, by, ids, input)))
      : outcomeOf(await change(deps, by, ids, await parseBody(c, body)));
    return answer(status, { status, data });
  };
}
