/** Press: what has been written about the club, newest first, and whom journalists should contact. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../components/page';
import { Section } from '../components/section';
import { PRESS_EMAIL, PRESS_PHONE, telHref } from '../content/club';
import { PRESS_MENTIONS } from '../content/press';
import { useFormats } from '../i18n/use-formats';
import type { PageProps } from '../navigation/routes';

export default function PressPage(_props: PageProps) {
  const { t, i18n } = useLingui();
  const format = useFormats();
  return (
    <Page title={t`Press`} lead={t`A selection of what critics and writers have said about the club and its venues.`}>
      <ul className="list">
        {PRESS_MENTIONS.map((mention) => (
          <li key={mention.id}>
            <article className="card" aria-labelledby={`press-${mention.id}`}>
              <p className="card__meta">
                {mention.publication} · <time dateTime={mention.date}>{format.date(mention.date)}</time>
              </p>
              <h2 className="card__title" id={`press-${mention.id}`}>
                {i18n._(mention.headline)}
              </h2>
              <blockquote style={{ margin: '8px 0 0', paddingLeft: 12, borderLeft: '3px solid var(--brass)' }}>
                <p style={{ margin: 0 }}>{i18n._(mention.quote)}</p>
              </blockquote>
            </article>
          </li>
        ))}
      </ul>

      <Section title={t`Press enquiries`}>
        <p>
          <Trans>
            For interviews, images and visits, please contact our communications team at{' '}
            <a href={`mailto:${PRESS_EMAIL}`}>{PRESS_EMAIL}</a> or{' '}
            <a href={telHref(PRESS_PHONE)}>{PRESS_PHONE}</a>, Monday to Friday, 10:00 am to 6:00 pm.
          </Trans>
        </p>
      </Section>
    </Page>
  );
}
