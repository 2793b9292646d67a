/**
 * The club's guest tags (/pages/staff/guest-tags, admins only): the built-in ones (VIP, regular, press,
 * allergy) and the club's own, which an admin adds and removes here; a removed tag is no longer offered
 * but stays on the guests who have it.
 */
import { useLingui } from '@lingui/react/macro';
import { unwrap } from '../../../common/api/api-error';
import { newTagSchema } from '../../../common/validation/guest-book-validation';
import { GUEST_BOOK_CHANGE_PREFIXES, staffGuestKey } from '../../api/query-keys';
import { invalidate, useApiQuery } from '../../api/use-api-query';
import { FormMessage, SubmitButton, TextField, useForm } from '../../components/form';
import { LoadFailure, Loading } from '../../components/read-status';
import { useSubmission } from '../../components/use-submission';
import { useFailureText, useMessageText } from '../../i18n/message-text';
import type { PageProps } from '../../navigation/routes';
import { useGuestWords } from '../../staff/guests/guest-words';
import { staffApi } from '../../staff/staff-api';
import { StaffShell } from '../../staff/staff-shell';

function GuestTags() {
  const { t } = useLingui();
  const failureText = useFailureText();
  const translate = useMessageText();
  const { tagName } = useGuestWords();
  const tags = useApiQuery(staffGuestKey('tags', 'all'), () => unwrap(staffApi.GET('/admin/guest-tag', { params: { query: { archived: 'true' } } })).then((r) => r.data));
  const form = useForm(newTagSchema, { name: '' }, translate);
  const adding = useSubmission();
  const removing = useSubmission();
  const add = adding.onSubmit(
    () => form.validate(),
    async (body) => {
      await unwrap(staffApi.POST('/admin/guest-tag', { body }));
      form.set('name', '');
      invalidate(GUEST_BOOK_CHANGE_PREFIXES);
      tags.reload();
      return t`Tag “${body.name}” added.`;
    },
  );
  const remove = (id: string, name: string) =>
    removing.onSubmit(
      () => id,
      async (tagId) => {
        await unwrap(staffApi.DELETE('/admin/guest-tag/{id}', { params: { path: { id: tagId } } }));
        invalidate(GUEST_BOOK_CHANGE_PREFIXES);
        tags.reload();
        return t`Tag “${name}” removed.`;
      },
    );

  return (
    <>
      <form noValidate onSubmit={add} aria-label={t`Add a tag`} className="guest-tag-form">
        <TextField label={t`New tag`} maxLength={40} {...form.field('name')} />
        <FormMessage error={adding.error} success={adding.success} />
        <SubmitButton label={t`Add tag`} busyLabel={t`Adding…`} busy={adding.sending} />
      </form>
      <FormMessage error={removing.error} success={removing.success} />
      {tags.status === 'loading' && <Loading>{t`Loading…`}</Loading>}
      {tags.status === 'error' && <LoadFailure message={failureText(tags.error)} retry={tags.reload} />}
      {tags.status === 'ready' && (
        <ul className="guest-tag-list" aria-label={t`Tags`}>
          {tags.data.map((tag) => (
            <li key={tag._id}>
              <span className="staff-badge">{tagName(tag)}</span>{' '}
              {tag.code ? (
                <span className="muted">{t`Built in`}</span>
              ) : tag.archived ? (
                <span className="muted">{t`Removed: no longer offered`}</span>
              ) : (
                <form onSubmit={remove(tag._id, tagName(tag))} className="guest-tag__remove">
                  <button type="submit" className="button button--secondary">
                    {t`Remove ${tagName(tag)}`}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default function StaffGuestTagsPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="guest-tags" title={t`Guest tags`} query={query}>
      {() => <GuestTags />}
    </StaffShell>
  );
}
