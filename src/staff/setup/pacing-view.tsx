/** The Set-up's pacing tab: a venue's pacing limits and its turn times, each a set-up edit of its own. */
import { useLingui } from '@lingui/react/macro';
import { shownAnswer } from '../../api/use-api-query';
import { LoadFailure, Loading } from '../../components/read-status';
import { useFailureText } from '../../i18n/message-text';
import { PacingForm } from './pacing-form';
import { TurnTimesForm } from './turn-times-form';
import { usePacing, useTurnTimes } from './use-setup-reads';

export function PacingView({ venueId }: { venueId: string }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const pacingRead = usePacing(venueId);
  const turnTimesRead = useTurnTimes(venueId);
  const pacing = shownAnswer(pacingRead);
  const turnTimes = shownAnswer(turnTimesRead);
  const failed = [pacingRead, turnTimesRead].find((read) => read.status === 'error');
  const failure = failed?.status === 'error' && <LoadFailure message={failureText(failed.error)} retry={failed.reload} />;
  if (!pacing || !turnTimes) return failure || <Loading>{t`Loading the set-up…`}</Loading>;
  return (
    <div className="staff-grid staff-grid--two">
      {failure}
      {/* A new read (a new version) starts each edit afresh. */}
      <PacingForm key={pacing.version} venueId={venueId} pacing={pacing} onReload={pacingRead.reload} />
      <TurnTimesForm key={turnTimes.version} venueId={venueId} services={pacing.services} turnTimes={turnTimes} onReload={turnTimesRead.reload} />
    </div>
  );
}
