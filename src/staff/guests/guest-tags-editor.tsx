/** A guest's tags: each given one with a button to take it off, and a choice of the others to give. */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { unwrap } from '../../../common/api/api-error';
import type { components } from '../../../common/api/schema';
import { staffGuestKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { FormMessage } from '../../components/form';
import { useSubmission } from '../../components/use-submission';
import { staffApi } from '../staff-api';
import { useGuestWords } from './guest-words';

type GivenTag = components['schemas']['GivenTag'];

export function GuestTagsEditor({ guestId, tags, onChanged }: { guestId: string; tags: readonly GivenTag[]; onChanged: () => void }) {
  const { t } = useLingui();
  const { tagName } = useGuestWords();
  const offered = useApiQuery(staffGuestKey('tags', 'live'), () => unwrap(staffApi.GET('/admin/guest-tag')).then((r) => r.data));
  const [chosen, setChosen] = useState('');
  const submission = useSubmission();
  const given = new Set(tags.map((tag) => tag._id));
  const choices = offered.status === 'ready' ? offered.data.filter((tag) => !given.has(tag._id)) : [];
  const selected = chosen && choices.some((c) => c._id === chosen) ? chosen : (choices[0]?._id ?? '');

  const give = submission.onSubmit(
    () => selected || null,
    async (tagId) => {
      await unwrap(staffApi.POST('/admin/guest/{id}/tag', { params: { path: { id: guestId } }, body: { tagId } }));
      onChanged();
      return t`Tag added.`;
    },
  );
  const take = (tag: GivenTag) =>
    submission.onSubmit(
      () => tag._id,
      async (tagId) => {
        await unwrap(staffApi.DELETE('/admin/guest/{id}/tag/{tagId}', { params: { path: { id: guestId, tagId } } }));
        onChanged();
        return t`Tag removed.`;
      },
    );

  return (
    <div className="guest-tags">
      {tags.length === 0 ? (
        <p className="muted">{t`No tags yet.`}</p>
      ) : (
        <ul className="guest-tags__list" aria-label={t`Tags`}>
          {tags.map((tag) => (
            <li key={tag._id} className="staff-badge guest-tag">
              {tagName(tag)}
              <form onSubmit={take(tag)} className="guest-tag__remove">
                <button type="submit" className="link-button" aria-label={t`Remove the tag ${tagName(tag)}`}>
                  ×
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      {choices.length > 0 && (
        <form onSubmit={give} className="guest-tags__give">
          <label>
            <span>{t`Tag`}</span>
            <select value={selected} onChange={(e) => setChosen(e.target.value)}>
              {choices.map((tag) => (
                <option key={tag._id} value={tag._id}>
                  {tagName(tag)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button" disabled={submission.sending}>
            {t`Add tag`}
          </button>
        </form>
      )}
      <FormMessage error={submission.error} success={submission.success} />
    </div>
  );
}
