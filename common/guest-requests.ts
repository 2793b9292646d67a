/**
 * A booking's occasion and the party's dietary needs: short fixed lists a kitchen and
 * a host can act on, each with a line of free text for what the list does not say. Browser-safe; the
 * labels here are the server's English (its e-mails); the app words them with its own catalog.
 */

/** What the visit celebrates or is for. */
export const OCCASIONS = ['BIRTHDAY', 'ANNIVERSARY', 'BUSINESS', 'DATE', 'CELEBRATION', 'OTHER'] as const;
export type Occasion = (typeof OCCASIONS)[number];

/** The common needs a kitchen plans for; anything else goes in the free text. */
export const DIETARY_NEEDS = [
  'VEGETARIAN',
  'VEGAN',
  'PESCATARIAN',
  'GLUTEN_FREE',
  'DAIRY_FREE',
  'NUT_ALLERGY',
  'SHELLFISH_ALLERGY',
  'HALAL',
  'KOSHER',
] as const;
export type DietaryNeed = (typeof DIETARY_NEEDS)[number];

export const OCCASION_LABELS: Record<Occasion, string> = {
  BIRTHDAY: /*i18n*/ 'Birthday',
  ANNIVERSARY: /*i18n*/ 'Anniversary',
  BUSINESS: /*i18n*/ 'Business meal',
  DATE: /*i18n*/ 'Date night',
  CELEBRATION: /*i18n*/ 'Celebration',
  OTHER: /*i18n*/ 'Other occasion',
};

export const DIETARY_NEED_LABELS: Record<DietaryNeed, string> = {
  VEGETARIAN: /*i18n*/ 'Vegetarian',
  VEGAN: /*i18n*/ 'Vegan',
  PESCATARIAN: /*i18n*/ 'Pescatarian',
  GLUTEN_FREE: /*i18n*/ 'Gluten-free',
  DAIRY_FREE: /*i18n*/ 'Dairy-free',
  NUT_ALLERGY: /*i18n*/ 'Nut allergy',
  SHELLFISH_ALLERGY: /*i18n*/ 'Shellfish allergy',
  HALAL: /*i18n*/ 'Halal',
  KOSHER: /*i18n*/ 'Kosher',
};

/** A booking's requests as stored and sent: no occasion is null, no needs an empty list, no text null. */
export interface GuestRequests {
  occasion: Occasion | null;
  occasionNote: string | null;
  dietaryNeeds: DietaryNeed[];
  dietaryNote: string | null;
}

/** The occasion in words with its note: 'Birthday (my mother's 70th)'; null when none. */
export function occasionText(r: Partial<GuestRequests>, label: (occasion: Occasion) => string): string | null {
  const name = r.occasion ? label(r.occasion) : null;
  if (name && r.occasionNote) return `${name} (${r.occasionNote})`;
  return name ?? r.occasionNote ?? null;
}

/** The needs in words, then the note: 'Vegetarian, Nut allergy; no coriander'; null when none. */
export function dietaryText(r: Partial<GuestRequests>, label: (need: DietaryNeed) => string, separator = ', '): string | null {
  const names = (r.dietaryNeeds ?? []).map(label).join(separator);
  if (names && r.dietaryNote) return `${names}; ${r.dietaryNote}`;
  return names || r.dietaryNote || null;
}
