/** Label and value pairs as a description list, the way cards show their fields. */
import type { ReactNode } from 'react';

export type FieldRow = readonly [label: string, value: ReactNode];

/** Rows given as `false` (or null) are left out, so an optional field can be written inline. */
export function FieldList({ rows }: { rows: readonly (FieldRow | false | null | undefined)[] }) {
  return (
    <dl className="hours">
      {rows.map(
        (row, i) =>
          row && (
            // A label may repeat (two refunds): the place keeps the keys apart.
            <div key={`${i}:${row[0]}`}>
              <dt>{row[0]}</dt>
              <dd>{row[1]}</dd>
            </div>
          ),
      )}
    </dl>
  );
}
