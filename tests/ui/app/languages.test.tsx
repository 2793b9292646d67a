// @vitest-environment jsdom
/**
 * The language: taken from the browser on a first visit, switched from the navigation bar, remembered,
 * set on <html lang>, and sent to the server, whose answers then come back in it.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppHarness, findHeading } from '../../support/ui/app-harness';

useAppHarness();

afterEach(() => {
  vi.restoreAllMocks();
});

/** A visit as a browser makes it: no language given by the test, only what the browser and storage say. */
async function visit(address: string, browserLanguages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browserLanguages);
  history.replaceState(null, '', `/#${address}`);
  const { activateLocale, initialLocale } = await import('../../../src/i18n/i18n');
  await activateLocale(initialLocale());
  const { App } = await import('../../../src/app');
  await act(async () => {
    render(<App />);
  });
}

describe('the language', () => {
  it("is the browser's on a first visit: Hong Kong Chinese gets Traditional Chinese", async () => {
    await visit('/pages/login', ['zh-HK', 'en-GB']);
    await findHeading('登入');
    expect(document.documentElement.lang).toBe('zh-Hant');
    expect(document.cookie.split('; ')).toContain('locale=zh-Hant');
    // The navigation bar (folded away on a phone) speaks it too.
    expect(screen.getAllByRole('link', { name: '登入', hidden: true }).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('link', { name: 'Log in', hidden: true })).toHaveLength(0);
  });

  it('falls back to English when the browser asks for none of ours', async () => {
    await visit('/pages/login', ['de-DE', 'fr']);
    await findHeading('Log in');
    expect(document.documentElement.lang).toBe('en');
  });

  it('is switched from the navigation bar, set on <html lang>, and remembered for the next visit', async () => {
    await visit('/pages/login', ['en-US']);
    await findHeading('Log in');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), '日本語');
    await findHeading('ログイン');
    expect(document.documentElement.lang).toBe('ja');
    expect(localStorage.getItem('locale')).toBe('ja');
    // The server serves the next visit's page, with its first view, in it (server/static-files.ts).
    expect(document.cookie.split('; ')).toContain('locale=ja');

    // A later visit from an English browser keeps the guest's choice.
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    await visit('/pages/login', ['en-US']);
    await findHeading('ログイン');
    expect(document.documentElement.lang).toBe('ja');
  });

  it('is switched and remembered in the cookie when the browser refuses storage', async () => {
    await visit('/pages/login', ['en-US']);
    await findHeading('Log in');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), '日本語');
    await findHeading('ログイン');
    expect(document.cookie.split('; ')).toContain('locale=ja');
  });

  it("is not taken from the guest in the cookie by the start's language, when the guest chose another while it loaded", async () => {
    const { activateLocale } = await import('../../../src/i18n/i18n');
    const { rememberLocale } = await import('../../../src/i18n/locale-storage');
    // The first view's menu (src/first-view/show-first-view.ts) stores Thai while the app's Japanese loads.
    const starting = activateLocale('ja');
    rememberLocale('th');
    await starting;
    expect(document.cookie.split('; ')).toContain('locale=th');
    expect(localStorage.getItem('locale')).toBe('th');
  });

  it("brings the server's refusal back in the guest's language", async () => {
    await visit('/pages/login', ['ja-JP']);
    await findHeading('ログイン');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('メールアドレス'), 'guest@example.com');
    await user.type(screen.getByLabelText('パスワード'), 'not-the-password');
    await user.keyboard('{Enter}');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    await waitFor(() => expect(alert.textContent).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/));
    expect(alert.textContent).not.toMatch(/[A-Za-z]/);
  });
});
