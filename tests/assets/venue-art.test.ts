/** The venues' pictures in src/assets/venues are what scripts/venue-art.ts draws (`npm run venue-art`). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ART_DIR, ART_HEIGHT, ART_WIDTH, ARTWORKS } from '../../scripts/venue-art';
import { VENUES } from '../../common/venues';

describe('the pictures the app ships', () => {
  it('has one for Home and one for every venue', () => {
    expect(Object.keys(ARTWORKS).sort()).toEqual([...VENUES.map((v) => v.domain), 'home'].sort());
  });

  it.each(Object.entries(ARTWORKS))('%s is committed as the script draws it, 3:2 and small', (name, draw) => {
    const committed = readFileSync(`${ART_DIR}/${name}.svg`, 'utf8');
    expect(committed, 'run `npm run venue-art` and commit the result').toBe(draw());
    expect(committed).toContain(`viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}"`);
    expect(ART_WIDTH / ART_HEIGHT).toBe(1.5);
    // A picture that weighs more than a page's script is out of place on a phone's first visit.
    expect(committed.length).toBeLessThan(8_000);
  });
});
