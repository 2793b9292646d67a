/**
 * The Set-up's areas-and-tables tab for one venue: the floor plan of a chosen dining area with its
 * tables; forms to change the area, add one, change a table and add one. Each is a set-up edit of its
 * own; after a conflict or a publish the floor is read again and each edit starts afresh from the new
 * versions.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { Venue } from '../../../common/venues';
import { shownAnswer } from '../../api/use-api-query';
import { LoadFailure, Loading } from '../../components/read-status';
import { useFailureText } from '../../i18n/message-text';
import { AreaForm } from './area-form';
import { FloorEditor } from './floor-editor';
import { TableForm } from './table-form';
import { useFloor } from './use-setup-reads';

export function SetupView({ venue }: { venue: Venue }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const failureText = useFailureText();
  const floorRead = useFloor(venue.value);
  const floor = shownAnswer(floorRead);
  const [areaId, setAreaId] = useState<string | null>(null);
  const [tableId, setTableId] = useState('');
  const failure = floorRead.status === 'error' && <LoadFailure message={failureText(floorRead.error)} retry={floorRead.reload} />;
  if (!floor) return failure || <Loading>{t`Loading the set-up…`}</Loading>;
  const area = floor.areas.find((a) => a._id === areaId) ?? floor.areas[0];
  const areaTables = floor.tables.filter((table) => table.seatingAreaId === area?._id);
  const table = areaTables.find((candidate) => candidate._id === tableId);
  // A new read (new versions) starts each edit afresh.
  const floorKey = [...floor.areas.map((a) => `${a._id}:${a.version}`), ...floor.tables.map((t) => `${t._id}:${t.version}`)].join();
  return (
    <div className="staff-grid staff-grid--two">
      {failure}
      <div>
        <label className="staff-scope__field">
          <Trans>Dining area</Trans>
          <select id={`${id}-area`} value={area?._id ?? ''} onChange={(e) => (setAreaId(e.target.value), setTableId(''))}>
            {floor.areas.map((a) => (
              <option key={a._id} value={a._id}>
                {i18n._(a.name)}
                {a.active ? '' : ` (${t`not in use`})`}
              </option>
            ))}
          </select>
        </label>
        {area && <FloorEditor key={`${area._id}-${floorKey}`} venueId={venue.value} floor={floor} areaId={area._id} onReload={floorRead.reload} />}
        {area && <AreaForm key={`area-${area._id}-${floorKey}`} venueId={venue.value} area={area} onReload={floorRead.reload} />}
        <AreaForm key={`new-${floorKey}`} venueId={venue.value} onReload={floorRead.reload} />
      </div>
      <div>
        {area && (
          <>
            <label className="staff-scope__field">
              <Trans>Table to change</Trans>
              <select value={table?._id ?? ''} onChange={(e) => setTableId(e.target.value)}>
                <option value="">{t`Choose a table`}</option>
                {areaTables.map((candidate) => (
                  <option key={candidate._id} value={candidate._id}>
                    {candidate.name}
                  </option>
                ))}
              </select>
            </label>
            {table && <TableForm key={`table-${table._id}-${floorKey}`} venueId={venue.value} areaId={area._id} table={table} onReload={floorRead.reload} />}
            <TableForm key={`new-table-${area._id}-${floorKey}`} venueId={venue.value} areaId={area._id} onReload={floorRead.reload} />
          </>
        )}
      </div>
    </div>
  );
}
