/**
 * The dining areas to choose from, "No preference" first: the wizard's seating step and the change form
 * offer them alike. With `selected` (the change form) the chosen one is marked pressed.
 */
import { Trans } from '@lingui/react/macro';

interface Area {
  _id: string;
  name: string;
  description?: string;
}

export function DiningAreaChoices({ areas, selected, onPick }: { areas: readonly Area[]; selected?: string | null; onPick: (seatingAreaId: string | null) => void }) {
  const pressed = (id: string | null) => (selected === undefined ? undefined : selected === id);
  return (
    <ul className="list stack">
      <li>
        <button type="button" className="card choice" aria-pressed={pressed(null)} onClick={() => onPick(null)}>
          <span className="card__title">
            <Trans>No preference</Trans>
          </span>
          <span className="card__meta">
            <Trans>We will seat you at the best table available.</Trans>
          </span>
        </button>
      </li>
      {areas.map((area) => (
        <li key={area._id}>
          <button type="button" className="card choice" aria-pressed={pressed(area._id)} onClick={() => onPick(area._id)}>
            <span className="card__title">{area.name}</span>
            {area.description && <span className="card__meta">{area.description}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
