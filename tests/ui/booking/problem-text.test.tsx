// @vitest-environment jsdom
/** Every docs/PRODUCT.md §8 completion code shows its own text, or the generic one with the code. */
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../../machines/booking/booking.machine';
import { useProblemText } from '../../../src/booking/problem-text';
import { COMPLETION_ERRORS } from '../../../common/api/error-codes';
import { activateLocale, i18n } from '../../../src/i18n/i18n';

function Show({ problem }: { problem: Problem }) {
  return <p>{useProblemText()(problem)}</p>;
}

const text = (problem: Problem) => {
  const { unmount } = render(
    <I18nProvider i18n={i18n}>
      <Show problem={problem} />
    </I18nProvider>,
  );
  const shown = screen.getByRole('paragraph').textContent;
  unmount();
  return shown;
};

describe('docs/PRODUCT.md §8 texts', () => {
  beforeAll(() => activateLocale('en'));

  it.each(Object.entries(COMPLETION_ERRORS))('code %s', (code, { message, ownText }) => {
    const shown = text({ kind: 'completion', code: Number(code), message: 'whatever the server said' });
    expect(shown).toBe(ownText ? message : `There was an error when trying to make the reservation. Error code: ${code}`);
  });

  it('an unknown code gets the generic text with its number', () => {
    expect(text({ kind: 'completion', code: 99999, message: '' })).toBe(
      'There was an error when trying to make the reservation. Error code: 99999',
    );
  });

  it.each([
    [{ kind: 'no-availability' } as Problem, 'No Availability'],
    [{ kind: 'no-timeslot' } as Problem, 'No time slot available'],
    [{ kind: 'closed', reason: 'PRIVATE_EVENT' } as Problem, 'Closed for a private event'],
    [{ kind: 'closed', reason: 'TYPHOON' } as Problem, 'Closed because of a typhoon signal'],
    [{ kind: 'closed', reason: 'OTHER' } as Problem, 'Closed on this day'],
    [{ kind: 'unavailable' } as Problem, 'Sorry, your selection is unavailable'],
    [{ kind: 'expired' } as Problem, 'Reservation expired'],
    [{ kind: 'failed', message: 'network' } as Problem, 'Reservation failed'],
  ])('%j reads %s', (problem, expected) => {
    expect(text(problem)).toBe(expected);
  });
});
