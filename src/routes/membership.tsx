/** Membership: what it gives, the tiers and their dues, how to apply, and a form to ask about it. */
import { Trans, useLingui } from '@lingui/react/macro';
import { ContactForm } from '../components/contact-form';
import { Page } from '../components/page';
import { Section } from '../components/section';
import { MEMBERSHIP_EMAIL } from '../content/club';
import { APPLICATION_STEPS, MEMBERSHIP_BENEFITS, MEMBERSHIP_TIERS } from '../content/membership';
import { useFormats } from '../i18n/use-formats';
import type { PageProps } from '../navigation/routes';

export default function MembershipPage(_props: PageProps) {
  const { t, i18n } = useLingui();
  const format = useFormats();
  return (
    <Page
      title={t`Membership`}
      lead={t`The Aldrich Club is a private members' club in Central. Members and their guests enjoy all four venues of Aldrich House, and a calendar of evenings found nowhere else.`}
    >
      <Section title={t`What membership offers`}>
        <ul className="stack">
          {MEMBERSHIP_BENEFITS.map((benefit) => (
            <li key={benefit.id}>{i18n._(benefit)}</li>
          ))}
        </ul>
      </Section>

      <Section title={t`Membership categories and annual dues`}>
        <div className="grid-2">
          {MEMBERSHIP_TIERS.map((tier) => {
            const dues = format.money(tier.annualDues);
            const entrance = format.money(tier.entranceFee);
            return (
              <article key={tier.id} className="card" aria-label={i18n._(tier.name)}>
                <h3 className="card__title">{i18n._(tier.name)}</h3>
                <p>
                  <strong>
                    <Trans>{dues} a year</Trans>
                  </strong>
                </p>
                <p className="card__meta">
                  <Trans>Entrance fee {entrance}, paid once on election.</Trans>
                </p>
                <p>{i18n._(tier.summary)}</p>
              </article>
            );
          })}
        </div>
        <p className="muted">
          <Trans>
            Dues are billed each January and charged pro rata in the year you join. There is no food and beverage
            minimum. All amounts are in Hong Kong dollars.
          </Trans>
        </p>
      </Section>

      <Section title={t`How to apply`}>
        <ol className="stack">
          {APPLICATION_STEPS.map((step) => (
            <li key={step.id}>{i18n._(step)}</li>
          ))}
        </ol>
        <p className="muted">
          <Trans>
            Our membership office is open Monday to Friday, 10:00 am to 6:00 pm. You can also write to{' '}
            <a href={`mailto:${MEMBERSHIP_EMAIL}`}>{MEMBERSHIP_EMAIL}</a>.
          </Trans>
        </p>
      </Section>

      <Section title={t`Enquire about membership`}>
        <p className="muted">
          <Trans>Tell us a little about yourself and, if you know one, the member who will propose you.</Trans>
        </p>
        <ContactForm label={t`Membership enquiry`} />
      </Section>
    </Page>
  );
}
