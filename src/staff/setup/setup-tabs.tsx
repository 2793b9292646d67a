/**
 * The Set-up section (docs/PRODUCT.md §4): one page, one tab per part of a venue's set-up, the tab in the address
 * (`/pages/staff/setup?venue=leclos&tab=pacing`) so a link opens it. A new part is one more entry here.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Venue } from '../../../common/venues';
import { VenueSetupView } from '../setup-venue/venue-setup-view';
import { ExperiencesPanel } from './experiences-panel';
import { PacingView } from './pacing-view';
import { SetupView } from './setup-view';
import { StaffAccessGate, StaffAccessSwitch } from './staff-access';
import { Tabs } from './tabs';

interface SetupTab {
  id: string;
  label: MessageDescriptor;
  panel(venue: Venue): ReactNode;
}

export const SETUP_TABS = [
  { id: 'venue', label: msg`Venue`, panel: (venue) => <VenueSetupView venueId={venue.value} /> },
  { id: 'tables', label: msg`Areas and tables`, panel: (venue) => <SetupView venue={venue} /> },
  { id: 'pacing', label: msg`Pacing and turn times`, panel: (venue) => <PacingView venueId={venue.value} /> },
  { id: 'experiences', label: msg`Experiences`, panel: (venue) => <ExperiencesPanel venueId={venue.value} /> },
  // One more part of the set-up is one more entry here.
] as const satisfies readonly SetupTab[];

export type SetupTabId = (typeof SETUP_TABS)[number]['id'];

/** The tab an address names, or the first for none or one not (or no longer) offered. */
export const setupTabOf = (tab: string | undefined): SetupTabId => SETUP_TABS.find((t) => t.id === tab)?.id ?? SETUP_TABS[0].id;

interface Props {
  venue: Venue;
  isAdmin: boolean;
  tab: SetupTabId;
  onTab(tab: SetupTabId): void;
}

export function SetupTabs({ venue, isAdmin, tab, onTab }: Props) {
  const { t, i18n } = useLingui();
  const chosen = SETUP_TABS.find((entry) => entry.id === tab) ?? SETUP_TABS[0];
  return (
    <StaffAccessGate venueId={venue.value} isAdmin={isAdmin}>
      {isAdmin && <StaffAccessSwitch venueId={venue.value} />}
      <Tabs label={t`Parts of the set-up`} tabs={SETUP_TABS.map((entry) => ({ id: entry.id, label: i18n._(entry.label) }))} chosen={chosen.id} onChoose={onTab}>
        {chosen.panel(venue)}
      </Tabs>
    </StaffAccessGate>
  );
}
