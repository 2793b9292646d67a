/** The occasion and dietary needs of a booking in the reader's language (the lists of common/guest-requests.ts). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import {
  dietaryText,
  occasionText,
  type DietaryNeed,
  type GuestRequests,
  type Occasion,
} from '../../common/guest-requests';

const OCCASIONS: Record<Occasion, MessageDescriptor> = {
  BIRTHDAY: msg`Birthday`,
  ANNIVERSARY: msg`Anniversary`,
  BUSINESS: msg`Business meal`,
  DATE: msg`Date night`,
  CELEBRATION: msg`Celebration`,
  OTHER: msg`Other occasion`,
};

const DIETARY_NEEDS: Record<DietaryNeed, MessageDescriptor> = {
  VEGETARIAN: msg`Vegetarian`,
  VEGAN: msg`Vegan`,
  PESCATARIAN: msg`Pescatarian`,
  GLUTEN_FREE: msg`Gluten-free`,
  DAIRY_FREE: msg`Dairy-free`,
  NUT_ALLERGY: msg`Nut allergy`,
  SHELLFISH_ALLERGY: msg`Shellfish allergy`,
  HALAL: msg`Halal`,
  KOSHER: msg`Kosher`,
};

/** Labels of each choice, and a booking's choices as one line each (null when none was made). */
export function useGuestRequestText() {
  const { i18n } = useLingui();
  const occasion = (code: Occasion) => i18n._(OCCASIONS[code]);
  const dietaryNeed = (code: DietaryNeed) => i18n._(DIETARY_NEEDS[code]);
  return {
    occasion,
    dietaryNeed,
    occasionLine: (requests: Partial<GuestRequests>) => occasionText(requests, occasion),
    dietaryLine: (requests: Partial<GuestRequests>) => dietaryText(requests, dietaryNeed),
  };
}
