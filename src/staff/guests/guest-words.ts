/** The guest book's fixed words in the reader's language: the built-in tags and the kinds of note. */
import { useLingui } from '@lingui/react/macro';
import type { components } from '../../../common/api/schema';
import type { GuestNoteKind } from '../../../common/validation/guest-book-validation';

export type GuestTag = components['schemas']['GuestTag'];

export function useGuestWords() {
  const { t } = useLingui();
  const tagCodes: Record<NonNullable<GuestTag['code']>, string> = { VIP: t`VIP`, REGULAR: t`Regular`, PRESS: t`Press`, ALLERGY: t`Allergy` };
  const noteKinds: Record<GuestNoteKind, string> = { NOTE: t`Note`, ALLERGY: t`Allergy`, DIETARY: t`Dietary need`, SEATING: t`Seating preference` };
  return {
    /** A built-in tag by its code, the club's own by the name an admin gave it. */
    tagName: (tag: Pick<GuestTag, 'code' | 'name'>) => (tag.code ? tagCodes[tag.code] : (tag.name ?? '')),
    noteKinds,
  };
}
