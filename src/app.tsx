import { Trans } from '@lingui/react/macro';
import { VENUES } from './domain/venues';

/** The app's root. The routed shell and the booking wizard build on this. */
export function App() {
  return (
    <main>
      <h1>
        <Trans>Reservations</Trans>
      </h1>
      <ul>
        {VENUES.map((venue) => (
          <li key={venue.domain}>
            <strong>{venue.title}</strong> · {venue.desc}
          </li>
        ))}
      </ul>
    </main>
  );
}
