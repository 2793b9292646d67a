/**
 * Uploads that cannot hurt the server or the guests, through the HTTP API: a menu is parsed as a PDF
 * (an HTML page between PDF markers, a locked PDF or one without a page is refused and nothing is
 * stored; a real PDF is taken); a picture is limited by pixels from its header, before anything is
 * decoded, and pictures are resized one at a time in the process, however many arrive at once.
 */
import { and, count, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { menus, pictureFiles } from '../../../server/db/schema';
import { MAX_PICTURE_PIXELS, pictureWork } from '../../../server/services/venue-setup/venue-pictures';
import { LOCKED_PDF } from '../../support/fixtures/menu-pdf';
import { LECLOS } from '../../support/server/fixtures';
import { testDrivers } from '../../support/server/harness';
import type { TestUser } from '../../support/server/payment-helpers';
import { useStaffAccounts, type StaffAccounts } from '../../support/server/staff-helpers';

/** A one-page menu as a venue would export it. */
async function realMenuPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([420, 595]);
  page.drawText('Winter Menu', { x: 40, y: 540, size: 24, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

for (const driver of testDrivers()) {
  describe(`upload safety (${driver})`, () => {
    let { api, admin } = {} as StaffAccounts;
    useStaffAccounts(driver, (accounts) => ({ api, admin } = accounts));

    const upload = async (user: TestUser, path: string, bytes: Uint8Array | string) =>
      Promise.resolve(
        api.app.request(`/admin/setup/venue/${LECLOS}/${path}`, {
          method: path.startsWith('picture') ? 'PUT' : 'POST',
          headers: { authorization: `Bearer ${await user.token()}`, 'content-type': 'application/octet-stream', 'accept-language': 'en' },
          body: new Blob([bytes as BlobPart]),
        }),
      ).then(async (r: Response) => ({ status: r.status, body: (await r.json()) as any }));
    const menuNamed = async (name: string) => (await api.deps.db.select().from(menus).where(and(eq(menus.venueId, LECLOS), eq(menus.name, name))))[0];
    const storedPictureFiles = async () => (await api.deps.db.select({ n: count() }).from(pictureFiles))[0]!.n;

    it('refuses an HTML page wrapped in PDF markers, and stores nothing', async () => {
      const html = '%PDF-1.7\n<html><body><script>fetch("/admin/setup")</script></body></html>\n%%EOF\n';
      const res = await upload(admin, 'menu?name=Trojan%20Menu', html);
      expect([res.status, res.body.errorCode, res.body.message]).toEqual([415, 20132, 'The menu must be a PDF file.']);
      expect(await menuNamed('Trojan Menu')).toBeUndefined();
    });

    it('refuses a PDF locked by a password and one without a page, saying why', async () => {
      const locked = await upload(admin, 'menu?name=Locked%20Menu', LOCKED_PDF);
      expect([locked.status, locked.body.errorCode]).toEqual([415, 20132]);
      expect(locked.body.message).toMatch(/password/);
      const empty = await upload(admin, 'menu?name=Empty%20Menu', await PDFDocument.create().then((d) => d.save({ addDefaultPage: false })));
      expect([empty.status, empty.body.errorCode, empty.body.message]).toEqual([415, 20132, 'This PDF has no pages. Please upload the menu itself.']);
      expect(await menuNamed('Locked Menu')).toBeUndefined();
      expect(await menuNamed('Empty Menu')).toBeUndefined();
    });

    it('takes a real PDF made with pdf-lib and serves its bytes', async () => {
      const pdf = await realMenuPdf();
      const res = await upload(admin, 'menu?name=Winter%20Menu', pdf);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const served = await api.app.request(res.body.data.url);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdf);
    });

    it('refuses a picture over the pixel limit from its header, before decoding it, and stores nothing', async () => {
      // 8200 × 6000 = 49.2 Mpx of one colour: a PNG of some 150 KB that would take far more to decode.
      const bomb = await sharp({ create: { width: 8200, height: 6000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer();
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const [filesBefore, decodedBefore] = [await storedPictureFiles(), pictureWork.started];
      const res = await upload(admin, 'picture', new Uint8Array(bomb));
      expect([res.status, res.body.errorCode]).toEqual([413, 20133]);
      expect(res.body.message).toBe(`The picture is 8200 × 6000 pixels, more than the ${MAX_PICTURE_PIXELS / 1e6} million pixels accepted. Please save it smaller and upload it again.`);
      // Never handed to the decoder, and no file kept.
      expect(pictureWork.started).toBe(decodedBefore);
      expect(await storedPictureFiles()).toBe(filesBefore);
    });

    it('resizes four pictures uploaded side by side one at a time, and takes them all', async () => {
      const pictures = await Promise.all(
        ['#8a6a2f', '#2f6a8a', '#6a8a2f', '#8a2f6a'].map((background) => sharp({ create: { width: 3000, height: 2000, channels: 3, background } }).png().toBuffer()),
      );
      const startedBefore = pictureWork.started;
      const answers = await Promise.all(pictures.map((png) => upload(admin, 'picture', new Uint8Array(png))));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(pictureWork.started - startedBefore).toBe(4);
      expect(pictureWork.mostAtOnce).toBe(1);
    });
  });
}
