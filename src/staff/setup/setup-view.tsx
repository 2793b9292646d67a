/**
 * The Set-up screen's body for one venue (admins): the floor plan of a chosen dining area with its
 * tables, a form to add a table, and the venue's pacing. Each is a set-up edit of its own; after a
 * conflict or a publish the record is read again and the edit starts afresh from the new versions.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { Venue } from '../../../common/venues';
import { shownAnswer } from '../../api/use-api-query';
import { LoadFailure, Loading } from '../../components/read-status';
import { useFailureText } from '../../i18n/message-text';
import { ExperiencesPanel } from './experiences-panel';
import { FloorEditor } from './floor-editor';
import { PacingForm } from './pacing-form';
import { TableForm } from './table-form';
import { useFloor, usePacing } from './use-setup-reads';

export function SetupView({ venue }: { venue: Venue }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const failureText = useFailureText();
  const floorRead = useFloor(venue.value);
  const pacingRead = usePacing(venue.value);
  const floor = shownAnswer(floorRead);
  const pacing = shownAnswer(pacingRead);
  const [areaId, setAreaId] = useState<string | null>(null);
  const failed = [floorRead, pacingRead].find((read) => read.status === 'error');
  const failure = failed?.status === 'error' && <LoadFailure message={failureText(failed.error)} retry={failed.reload} />;
  if (!floor || !pacing) return failure || <Loading>{t`Loading the set-up…`}</Loading>;
  const area = floor.areas.find((a) => a._id === areaId) ?? floor.areas[0];
  // A new read (new versions) starts each edit afresh.
  const floorKey = floor.tables.map((table) => `${table._id}:${table.version}`).join();
  return (
    <div className="staff-grid staff-grid--two">
      {failure}
      <div>
        <label className="staff-scope__field">
          <Trans>Dining area</Trans>
          <select id={`${id}-area`} value={area?._id ?? ''} onChange={(e) => setAreaId(e.target.value)}>
            {floor.areas.map((a) => (
              <option key={a._id} value={a._id}>
                {i18n._(a.name)}
              </option>
            ))}
          </select>
        </label>
        {area && <FloorEditor key={`${area._id}-${floorKey}`} venueId={venue.value} floor={floor} areaId={area._id} onReload={floorRead.reload} />}
      </div>
      <div>
        {area && <TableForm key={`${area._id}-${floorKey}`} venueId={venue.value} areaId={area._id} onReload={floorRead.reload} />}
        <PacingForm key={pacing.version} venueId={venue.value} pacing={pacing} onReload={pacingRead.reload} />
      </div>
      <ExperiencesPanel venueId={venue.value} />
    </div>
  );
}
