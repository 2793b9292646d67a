/**
 * Press mentions for the press page, newest first. Publication names are proper names and stay as
 * written; headlines and quotes are messages so they can be shown in translation.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface PressMention {
  id: string;
  publication: string;
  /** YYYY-MM-DD. */
  date: string;
  headline: MessageDescriptor;
  quote: MessageDescriptor;
}

export const PRESS_MENTIONS: readonly PressMention[] = [
  {
    id: 'asia-table-2026-09',
    publication: 'Asia Table',
    date: '2026-09-18',
    headline: msg`Bâtard's new tasting menu is the most assured French cooking in Central`,
    quote: msg`A langoustine with brown butter and yuzu kosho that we were still talking about a week later.`,
  },
  {
    id: 'harbour-review-2026-06',
    publication: 'The Harbour Review',
    date: '2026-06-02',
    headline: msg`Inside The Aldrich Club, Central's quietest address`,
    quote: msg`Four floors, four moods, and a ground-floor brasserie that feels like the neighbourhood's living room.`,
  },
  {
    id: 'spirit-and-cask-2026-03',
    publication: 'Spirit & Cask',
    date: '2026-03-27',
    headline: msg`Obe joins our list of Asia's finest whisky bars`,
    quote: msg`Over three hundred bottles, and a bartender who will steer you to the cheaper dram if it suits you better.`,
  },
  {
    id: 'central-standard-2025-12',
    publication: 'Central Standard',
    date: '2025-12-05',
    headline: msg`Hop Sze and the patient art of the double-boiled soup`,
    quote: msg`Cantonese cooking of real patience. Book the second seating and stay for the almond tea.`,
  },
  {
    id: 'travel-quarterly-2025-10',
    publication: 'Travel Quarterly Asia',
    date: '2025-10-14',
    headline: msg`Where to eat and drink in Hong Kong now`,
    quote: msg`Rotisserie chicken and a glass of Morgon at Le Clos is the best-value lunch in Central.`,
  },
  {
    id: 'interiors-journal-2025-07',
    publication: 'Hong Kong Interiors Journal',
    date: '2025-07-22',
    headline: msg`Restoring Aldrich House`,
    quote: msg`The 1920s staircase and terrazzo floors survive, lit now by a skylight over the Le Clos dining room.`,
  },
];
