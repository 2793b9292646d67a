/** Ways the whole-app tests read the page, waiting as long as a page of the real API may take. */
import { screen } from '@testing-library/react';

/** Long enough for a page that loads its module and reads the API. */
export const SLOW = { timeout: 10_000 };

export const findText = (text: string | RegExp) => screen.findByText(text, {}, SLOW);

/** A titled region of the page, by its title. */
export const region = (name: string | RegExp) => screen.findByRole('region', { name }, SLOW);

/** The hash address the app shows, e.g. `/pages/transactions?page=2`. */
export const address = () => decodeURIComponent(location.hash.replace(/^#/, ''));

/** The texts of a card's fields, by their labels. */
export function fieldTexts(container: HTMLElement): Record<string, string> {
  const fields: Record<string, string> = {};
  container.querySelectorAll('dt').forEach((dt) => (fields[dt.textContent ?? ''] = dt.nextElementSibling?.textContent ?? ''));
  return fields;
}
