// @vitest-environment jsdom
/**
 * The booking's date step names the month in its strip of days, and its list of further days is written
 * in the app's language (a browser's own date field writes the browser's, whatever the app's is).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findHeading, openApp, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';

// The server's clock (the page learns it from the answers): Monday 23 Nov 2026, 10:00 in Hong Kong.
useAppHarness();

async function openDateStep(locale: string, heading: string) {
  await openApp('/pages/experience?domain=obe', { locale });
  const user = userEvent.setup();
  const choices = await screen.findAllByRole('button', { pressed: false }, SLOW);
  await user.click(choices[0]!);
  await findHeading(heading);
  return user;
}

const strip = () => within(screen.getByRole('group', { name: /^(Date|日付)$/ })).getAllByRole('radio');
const stripLabels = () => strip().map((radio) => radio.closest('label')!.textContent);

describe('the date step', () => {
  it('names the month on the first day of the strip and on the first of the next month, in English', async () => {
    const user = await openDateStep('en', 'Date and party size');
    const labels = stripLabels();
    expect(labels[0]).toBe('MON23Nov');
    expect(labels[1]).toBe('TUE24');
    expect(labels[8]).toBe('TUE1Dec');
    // The days beyond the strip: from today to 90 days ahead, each with its weekday and month.
    const list = screen.getByRole('combobox', { name: 'Or pick another date' }) as HTMLSelectElement;
    const options = within(list).getAllByRole('option') as HTMLOptionElement[];
    expect(options).toHaveLength(91);
    expect(options[0]!.textContent).toBe('MON 23 Nov 2026');
    expect(options.at(-1)!.value).toBe('2027-02-21');
    expect(list.value).toBe('2026-11-23');
    await user.selectOptions(list, '2027-01-15');
    expect(list.selectedOptions[0]!.textContent).toBe('FRI 15 Jan 2027');
    // A day of the strip picked afterwards shows in the list too.
    await user.click(strip()[8]!);
    expect(list.value).toBe('2026-12-01');
  });

  it("writes the strip's months and the list of days in the app's language (Japanese)", async () => {
    await openDateStep('ja', '日付と人数');
    const labels = stripLabels();
    expect(labels[0]).toBe('月2311月');
    expect(labels[8]).toBe('火112月');
    const list = screen.getByRole('combobox', { name: 'または別の日付をお選びください' }) as HTMLSelectElement;
    expect(list.selectedOptions[0]!.textContent).toBe('2026年11月23日(月)');
  });
});
