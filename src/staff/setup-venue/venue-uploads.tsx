/**
 * A venue's picture and PDF menus, uploaded as files (docs/PRODUCT.md §2). The server checks each by its content
 * and size and says why it refuses one; the picture is resized there for every screen. An upload can be
 * undone: the venue's own picture again, or the menu of the name typed taken off.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { toCallError } from '../../../machines/call-error';
import { unwrap } from '../../../common/api/api-error';
import { FormMessage } from '../../components/form';
import { invalidate } from '../../api/use-api-query';
import { staffApi } from '../staff-api';

const asBody = (file: File) => ({ body: file as unknown as string, bodySerializer: (body: unknown) => body as Blob, headers: { 'content-type': 'application/octet-stream' } });

function useUpload() {
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: string | null }>({ busy: false, error: null, done: null });
  const run = async (call: () => Promise<string>) => {
    setState({ busy: true, error: null, done: null });
    try {
      setState({ busy: false, error: null, done: await call() });
      invalidate(['venue']);
    } catch (error) {
      setState({ busy: false, error: toCallError(error).message, done: null });
    }
  };
  return { ...state, run };
}

export function VenueUploads({ venueId }: { venueId: string }) {
  const { t } = useLingui();
  const picture = useUpload();
  const menu = useUpload();
  const [menuName, setMenuName] = useState('');

  const uploadPicture = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('picture');
    if (!(file instanceof File) || file.size === 0) return;
    void picture.run(async () => {
      await unwrap(staffApi.PUT('/admin/setup/venue/{venueId}/picture', { params: { path: { venueId } }, ...asBody(file) }));
      return t`The picture is published.`;
    });
  };
  const uploadMenu = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('menu');
    if (!(file instanceof File) || file.size === 0) return;
    void menu.run(async () => {
      const { data } = await unwrap(staffApi.POST('/admin/setup/venue/{venueId}/menu', { params: { path: { venueId }, query: { name: menuName } }, ...asBody(file) }));
      return t`The menu "${data.name}" is published.`;
    });
  };

  const removePicture = () =>
    void picture.run(async () => {
      await unwrap(staffApi.DELETE('/admin/setup/venue/{venueId}/picture', { params: { path: { venueId } } }));
      return t`Guests see the venue's own picture again.`;
    });
  const removeMenu = () => {
    if (!menuName.trim()) return;
    void menu.run(async () => {
      await unwrap(staffApi.DELETE('/admin/setup/venue/{venueId}/menu', { params: { path: { venueId }, query: { name: menuName } } }));
      return t`The menu "${menuName}" is taken off the venue's page.`;
    });
  };

  return (
    <>
      <form aria-label={t`Picture`} onSubmit={uploadPicture} className="card">
        <label className="field">
          <span className="field__label">{t`Picture (JPEG, PNG or WebP, at most 8 MB)`}</span>
          <input type="file" name="picture" accept="image/jpeg,image/png,image/webp" required />
        </label>
        <button type="submit" className="button button--primary" disabled={picture.busy}>
          {picture.busy ? t`Uploading…` : t`Upload the picture`}
        </button>
        <button type="button" className="button" disabled={picture.busy} onClick={removePicture}>
          {t`Use the venue's own picture`}
        </button>
        <FormMessage error={picture.error} success={picture.done} />
      </form>
      <form aria-label={t`Menu`} onSubmit={uploadMenu} className="card">
        <label className="field">
          <span className="field__label">{t`Menu name`}</span>
          <input value={menuName} onChange={(e) => setMenuName(e.target.value)} required maxLength={60} />
        </label>
        <label className="field">
          <span className="field__label">{t`Menu (PDF, at most 10 MB)`}</span>
          <input type="file" name="menu" accept="application/pdf" required />
        </label>
        <button type="submit" className="button button--primary" disabled={menu.busy}>
          {menu.busy ? t`Uploading…` : t`Upload the menu`}
        </button>
        <button type="button" className="button" disabled={menu.busy || !menuName.trim()} onClick={removeMenu}>
          {t`Take this menu off`}
        </button>
        <FormMessage error={menu.error} success={menu.done} />
      </form>
    </>
  );
}
