/** What the server tests know of the demo data: the venues' fixed ids, and rows looked up by name. */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../server/db/client';
import { experiences, seatingAreas } from '../../../server/db/schema';

export const LECLOS = '6650a1c0e4b0a1b2c3d40001';
export const BATARD = '6650a1c0e4b0a1b2c3d40002';
export const HOPSZE = '6650a1c0e4b0a1b2c3d40003';
export const OBE = '6650a1c0e4b0a1b2c3d40004';
/** A well-formed id that names nothing. */
export const UNKNOWN_ID = 'ffffffffffffffffffffffff';

async function idByName(db: DbOrTx, table: typeof experiences | typeof seatingAreas, venueId: string, name: string): Promise<string> {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.venueId, venueId), eq(table.name, name)));
  if (!row) throw new Error(`no ${table === experiences ? 'experience' : 'area'} ${name}`);
  return row.id;
}

/** The id of a venue's experience by its name; throws when the demo data has none. */
export const experienceIdByName = (db: DbOrTx, venueId: string, name: string) => idByName(db, experiences, venueId, name);

/** The id of a venue's seating area by its name; throws when the demo data has none. */
export const seatingAreaIdByName = (db: DbOrTx, venueId: string, name: string) => idByName(db, seatingAreas, venueId, name);
