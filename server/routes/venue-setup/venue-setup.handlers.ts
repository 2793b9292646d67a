/** Handlers of the venue set-up (docs/decisions/0016-versioned-setup.md): a venue's texts, services, picture and menus; and the pictures' files. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import { checkVenueAccess } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { idSchema, parseBody, parseParams, parseQuery, requiredObject } from '../../lib/validate';
import { getVenueContent, publishVenueContent } from '../../services/venue-setup/venue-content';
import { checkVenueServices, getVenueServices, publishVenueServices } from '../../services/venue-setup/venue-services';
import { findPictureFile, removeVenuePicture, uploadVenuePicture } from '../../services/venue-setup/venue-pictures';
import { removeVenueMenu, uploadVenueMenu } from '../../services/venue-setup/venue-menus';
import { setStaffMaySetUp, staffMaySetUp } from '../../services/setup/setup-access';
import { venueContentSchema, venueServicesSchema } from '../../../common/validation/venue-setup-validation';
import { versionedChange } from '../setup/versioned-change';
import { answer } from '../route';

type Ctx = Context<AppEnv>;

const venueParams = requiredObject({ venueId: idSchema });
const pictureParams = v.object({
  file: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{22}-[0-9]{3,4}\.webp$/, /*i18n*/ 'The picture file name is not one of ours')),
});
const menuQuery = v.object({
  name: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.nonEmpty(/*i18n*/ 'Name the menu, e.g. Lunch Menu'),
    v.maxLength(60, /*i18n*/ 'The menu name may be at most 60 characters'),
  ),
});

const staffAccessSchema = requiredObject({ staffMaySetUp: v.boolean(/*i18n*/ 'staffMaySetUp must be true or false') });

const bytesOf = async (c: Ctx) => new Uint8Array(await c.req.arrayBuffer());

export function createVenueSetupHandlers() {
  return {
    async content(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await getVenueContent(c.get('deps').db, venueId);
      return answer(200, { status: 200, data });
    },

    async publishContent(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await versionedChange(c, venueContentSchema, (input) => publishVenueContent(c.get('deps'), c.get('auth'), venueId, input));
      return answer(200, { status: 200, data });
    },

    async services(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await getVenueServices(c.get('deps').db, venueId);
      return answer(200, { status: 200, data });
    },

    async checkServices(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const input = await parseBody(c, venueServicesSchema);
      const data = await checkVenueServices(c.get('deps'), venueId, input);
      return answer(200, { status: 200, data });
    },

    async publishServices(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await versionedChange(c, venueServicesSchema, (input) => publishVenueServices(c.get('deps'), c.get('auth'), venueId, input));
      return answer(200, { status: 200, data });
    },

    async uploadPicture(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await uploadVenuePicture(c.get('deps'), c.get('auth'), venueId, await bytesOf(c));
      return answer(200, { status: 200, data });
    },

    async uploadMenu(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const { name } = parseQuery(c, menuQuery);
      const data = await uploadVenueMenu(c.get('deps'), c.get('auth'), venueId, name, await bytesOf(c));
      return answer(201, { status: 201, data });
    },

    /** DELETE /admin/setup/venue/{venueId}/picture: back to the picture the app ships. */
    async removePicture(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      await removeVenuePicture(c.get('deps'), c.get('auth'), venueId);
      return answer(200, { status: 200, data: null });
    },

    /** DELETE /admin/setup/venue/{venueId}/menu?name=: the uploaded menu of that name taken off. */
    async removeMenu(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const { name } = parseQuery(c, menuQuery);
      await removeVenueMenu(c.get('deps'), c.get('auth'), venueId, name);
      return answer(200, { status: 200, data: null });
    },

    /** GET /admin/setup/venue/{venueId}/staff-access: admins, and the venue's staff (so their page can say whether they may). */
    async staffAccess(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      checkVenueAccess(c.get('auth'), venueId);
      const data = { staffMaySetUp: await staffMaySetUp(c.get('deps').db, venueId) };
      return answer(200, { status: 200, data });
    },

    /** PUT /admin/setup/venue/{venueId}/staff-access: admins only; audited. */
    async changeStaffAccess(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const { staffMaySetUp: allowed } = await parseBody(c, staffAccessSchema);
      const data = await setStaffMaySetUp(c.get('deps'), c.get('auth'), venueId, allowed);
      return answer(200, { status: 200, data });
    },

    /** GET /public/picture/{file}: its URL names its bytes, so it is cached for good. */
    async pictureFile(c: Ctx) {
      const { file } = parseParams(c, pictureParams);
      const picture = await findPictureFile(c.get('deps').db, file);
      if (!picture) throw notFound(/*i18n*/ 'The picture does not exist');
      return c.body(new Uint8Array(picture.body), 200, {
        'Content-Type': picture.contentType,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Length': String(picture.body.byteLength),
        'X-Content-Type-Options': 'nosniff',
      });
    },
  };
}
