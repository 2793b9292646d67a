/**
 * Handlers of the experiences' set-up (docs/decisions/0016-versioned-setup.md): each change is parsed with the same valibot schema as
 * the page's form, starts from the version the admin read (the body's `version`, or `If-Match`), and
 * with `?preview=true` answers what it would do to the book without saving.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { idSchema, parseBody, parseParams, requiredObject } from '../../lib/validate';
import { experienceChangeSchema, experienceSchema } from '../../../common/validation/experience-validation';
import { publishExperienceChange, publishNewExperience, readExperiences } from '../../services/experience-setup/experience-setup';
import { changeBy, previewableChange } from '../setup/versioned-change';
import type { SetupOutcome } from '../../services/setup/setup-change';
import { answer } from '../route';

type Ctx = Context<AppEnv>;

const venueParams = requiredObject({ venueId: idSchema });
const idParams = requiredObject({ id: idSchema });
const result = (outcome: SetupOutcome<{ _id: string }>) => ({ _id: outcome.value._id, version: outcome.version, published: outcome.published, affected: outcome.affected });

export function createExperienceSetupHandlers() {
  return {
    /** GET /admin/venue/{venueId}/experiences */
    async list(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await readExperiences(c.get('deps').db, venueId);
      return answer(200, { status: 200, data });
    },

    /** POST /admin/venue/{venueId}/experience */
    async create(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      // The query first: each refusal names the first field that is wrong, in the order of the address.
      const by = changeBy(c);
      const input = await parseBody(c, experienceSchema);
      const data = result(await publishNewExperience(c.get('deps'), by, venueId, input));
      return answer(201, { status: 201, data });
    },

    /** PUT /admin/experience/{id}: a change, or `active: false` to retire it. */
    async change(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const data = await previewableChange(c, experienceChangeSchema, async (input, by) => result(await publishExperienceChange(c.get('deps'), by, id, input)));
      return answer(200, { status: 200, data });
    },
  };
}
