// @vitest-environment jsdom
/**
 * A refused read's toast (docs/PRODUCT.md §7) is withdrawn when, and only when, the read under the same key succeeds:
 * another key's read succeeding leaves it, and so does its own read failing again. The toast's timer is
 * fake and never runs, so a toast that goes was withdrawn, not timed out.
 */
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../../common/api/api-error';
import { venueKey } from '../../../src/api/query-keys';
import { invalidate, useApiQuery } from '../../../src/api/use-api-query';
import { FailureToasts } from '../../../src/components/failure-toasts';
import { ToastProvider } from '../../../src/components/toast';
import { activateLocale, i18n } from '../../../src/i18n/i18n';

/** What each venue's read answers next: its name, or a refusal with this message. */
const answers = new Map<string, { refused: string } | 'ok'>();

function Reader({ domain }: { domain: string }) {
  const read = useApiQuery(venueKey(domain), async () => {
    const answer = answers.get(domain);
    if (answer !== 'ok') throw new ApiFailure(503, undefined, answer!.refused);
    return domain;
  });
  return (
    <button type="button" onClick={read.reload}>
      {`Read ${domain} again`}
    </button>
  );
}

/** Lets the reads answer and the toast's module load: turns of the event loop, since timers are fake. */
async function settle() {
  for (let turn = 0; turn < 5; turn++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
}

async function readAgain(domain: string) {
  act(() => fireEvent.click(screen.getByRole('button', { name: `Read ${domain} again` })));
  await settle();
}

const toast = () => screen.queryByRole('alert')?.textContent ?? null;

describe('failure toasts', () => {
  beforeAll(async () => {
    await activateLocale('en');
    // The toast loads lazily: loaded here, so a few turns of the event loop show it.
    await import('../../../src/components/failure-toast');
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    invalidate();
  });

  it("is withdrawn when its key's read succeeds, and not when another key's does or its own fails again", async () => {
    answers.set('first', { refused: 'The first venue is resting' });
    answers.set('second', 'ok');
    render(
      <I18nProvider i18n={i18n}>
        <ToastProvider>
          <FailureToasts>
            <Reader domain="first" />
            <Reader domain="second" />
          </FailureToasts>
        </ToastProvider>
      </I18nProvider>,
    );
    await settle();
    expect(toast()).toBe('The first venue is resting');

    await readAgain('second');
    expect(toast()).toBe('The first venue is resting');

    answers.set('first', { refused: 'The first venue is still resting' });
    await readAgain('first');
    expect(toast()).toBe('The first venue is still resting');

    answers.set('first', 'ok');
    await readAgain('first');
    expect(toast()).toBeNull();
  });
});
