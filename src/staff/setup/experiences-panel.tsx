/**
 * The Set-up screen's experiences: the venue's experiences, retired ones marked, with the
 * languages still missing; choosing one opens its form, "New experience" an empty one. Each form is a
 * set-up edit of its own; after a publish or a conflict the list is read again and the form starts afresh.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { unwrap } from '../../../common/api/api-error';
import { staffSetupKey } from '../../api/query-keys';
import { shownAnswer, useApiQuery } from '../../api/use-api-query';
import { LoadFailure, Loading } from '../../components/read-status';
import { useFailureText } from '../../i18n/message-text';
import { staffApi } from '../staff-api';
import { ExperienceForm } from './experience-form';

const NEW = 'new';

export function ExperiencesPanel({ venueId }: { venueId: string }) {
  const { t } = useLingui();
  const id = useId();
  const failureText = useFailureText();
  const read = useApiQuery(
    staffSetupKey('experiences', venueId),
    async () => (await unwrap(staffApi.GET('/admin/venue/{venueId}/experiences', { params: { path: { venueId } } }))).data,
    { showError: false },
  );
  const list = shownAnswer(read);
  const [chosen, setChosen] = useState<string>(NEW);
  if (!list) return read.status === 'error' ? <LoadFailure message={failureText(read.error)} retry={read.reload} /> : <Loading>{t`Loading the experiences…`}</Loading>;
  const experience = list.experiences.find((e) => e._id === chosen) ?? null;
  const formKey = experience ? `${experience._id}:${experience.version}` : `${NEW}:${list.experiences.length}`;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Experiences</Trans>
      </h2>
      <ul className="staff-list">
        {list.experiences.map((e) => {
          const missing = Object.values(e.missing).filter((fields) => fields.length > 0).length;
          return (
            <li key={e._id}>
              <button type="button" className="link-button" aria-pressed={chosen === e._id} onClick={() => setChosen(e._id)}>
                {e.texts.en?.name}
              </button>{' '}
              {!e.active && <Trans>(retired)</Trans>}{' '}
              {missing > 0 && <span className="muted">{t`${missing} languages missing`}</span>}
            </li>
          );
        })}
      </ul>
      <button type="button" className="button-secondary" aria-pressed={chosen === NEW} onClick={() => setChosen(NEW)}>
        <Trans>New experience</Trans>
      </button>
      <ExperienceForm key={formKey} list={list} experience={experience} onReload={read.reload} />
    </section>
  );
}
