/**
 * A dining area of the table plan drawn as a map, from the floor layout admins set on the Set-up screen:
 * each table where it stands, in its shape, size and turn, coloured and named by its state. The list
 * beside it says the same in words and holds the actions, so the map is one picture with a text name.
 */
import { useLingui } from '@lingui/react/macro';
import { FLOOR_SIZE } from '../../../common/validation/setup-validation';
import { placementOf } from '../setup/floor-placement';
import type { TablePlan } from './book-calls';

const UNPLACED = { shape: 'RECT' as const, x: null, y: null, width: 80, height: 80, rotation: 0 };

export function TablePlanMap({ area, labels }: { area: TablePlan['areas'][number]; labels: Record<string, string> }) {
  const { t } = useLingui();
  const name = area.name;
  return (
    <div className="setup-floor__plan table-plan__map" role="img" aria-label={t`Floor plan of ${name}`}>
      {area.tables.map((table, index) => {
        const p = placementOf(table.layout ?? UNPLACED, index);
        return (
          <span
            key={table._id}
            className={`setup-floor__table setup-floor__table--${p.shape.toLowerCase()} table-card--${table.state}`}
            title={`${table.name}: ${labels[table.state]}`}
            // The name is drawn by CSS: the list beside the map is where the page says it in text.
            data-name={table.name}
            style={{
              left: `${(p.x / FLOOR_SIZE) * 100}%`,
              top: `${(p.y / FLOOR_SIZE) * 100}%`,
              width: `${(p.width / FLOOR_SIZE) * 100}%`,
              height: `${(p.height / FLOOR_SIZE) * 100}%`,
              transform: `rotate(${p.rotation}deg)`,
            }}
          />
        );
      })}
    </div>
  );
}
