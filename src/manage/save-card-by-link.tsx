/**
 * A guaranteed phone booking's pay link on the manage page (decisions 0035 and 0036): the card to save by
 * the link's lapse, through the card guarantee chart and its panel (the wizard's own card step), with the
 * terms in words. Nothing is charged. Once the card is saved the server closes the link, and the
 * reservation is read again.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type { Reservation } from '../../machines/manage.machine';
import { cardGuaranteeMachine } from '../../machines/card-guarantee.machine';
import type { PaymentConfig } from '../../machines/payment.machine';
import type { Schemas } from '../../common/api/schemas';
import { FormMessage } from '../components/form';
import { Section } from '../components/section';
import { useFormats } from '../i18n/use-formats';
import { CardGuaranteePanel } from '../payment/card-guarantee-panel';
import { linkCardGuaranteeActors, linkPaymentConfig, readThroughLink, type LinkHolder } from './link-actors';

export function SaveCardByLink({
  holder,
  link,
  reservation,
  onSaved,
}: {
  holder: LinkHolder;
  link: Schemas['PayLink'];
  reservation: Reservation;
  onSaved: (reservation: Reservation) => void;
}) {
  const { t } = useLingui();
  const format = useFormats();
  const logic = useMemo(() => cardGuaranteeMachine.provide({ actors: linkCardGuaranteeActors(holder) }), [holder]);
  const [snapshot, , actor] = useMachine(logic, { input: { reservationId: reservation._id } });
  const [config, setConfig] = useState<PaymentConfig | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    linkPaymentConfig(holder).then((read) => live && setConfig(read), () => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [holder]);
  const done = snapshot.status === 'done';
  useEffect(() => {
    if (!done) return;
    readThroughLink(holder).then(onSaved, () => setFailed(true));
  }, [done, holder, onSaved]);
  const lapses = format.dateTime(link.lapsesAt);
  return (
    <Section title={t`Card to save`} card>
      <p>
        <Trans>To hold your table, please save a card by {lapses}.</Trans>
      </p>
      {failed ? (
        <FormMessage error={t`Something went wrong. Please reload the page.`} />
      ) : done ? (
        <p role="status">{t`One moment…`}</p>
      ) : (
        <CardGuaranteePanel actor={actor} config={config} />
      )}
    </Section>
  );
}
