// @vitest-environment jsdom
/**
 * Every problem of the manage chart is worded the same way (src/manage/manage-problem-text.ts): a kind
 * with its own message in the reader's language, the others as the server worded them (translated when
 * known), in every page that shows one.
 */
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOLD_EXPIRED, type ManageProblem } from '../../../machines/manage.machine';
import { useManageProblemText } from '../../../src/manage/manage-problem-text';
import { loadFlowCatalog } from '../../../src/i18n/flow-catalog';
import { activateLocale, i18n } from '../../../src/i18n/i18n';

function Said({ problem }: { problem: ManageProblem | null }) {
  const problemText = useManageProblemText();
  return <p>{problemText(problem) ?? 'nothing'}</p>;
}

const said = (problem: ManageProblem | null) => {
  const { unmount } = render(
    <I18nProvider i18n={i18n}>
      <Said problem={problem} />
    </I18nProvider>,
  );
  const text = screen.getByRole('paragraph').textContent;
  unmount();
  return text;
};

const UNAVAILABLE = 'Sorry, your selection is unavailable';

describe("the manage chart's problems in words", () => {
  beforeAll(async () => {
    await activateLocale('en');
    await loadFlowCatalog();
  });

  it('words each kind: its own message, or the words the problem carries', () => {
    expect(said({ kind: 'hold-expired', message: HOLD_EXPIRED })).toBe('The time held for your change has run out. Your booking stays as it was.');
    expect(said({ kind: 'unavailable', message: UNAVAILABLE })).toBe(UNAVAILABLE);
    expect(said({ kind: 'change', message: 'This reservation can no longer be changed' })).toBe('This reservation can no longer be changed');
    expect(said({ kind: 'load', status: 500, message: 'timeout' })).toBe('The request timed out. Please try again.');
    expect(said({ kind: 'cancel', message: 'A reason only the server knows' })).toBe('A reason only the server knows');
    expect(said(null)).toBe('nothing');
  });

  it("words every kind in the reader's language", async () => {
    await activateLocale('ja');
    expect(said({ kind: 'hold-expired', message: HOLD_EXPIRED })).toBe('変更のために確保していた時間が過ぎました。ご予約は変更前のままです。');
    expect(said({ kind: 'slots', message: UNAVAILABLE })).toBe('申し訳ございません。ご選択の内容はご利用いただけません');
    await activateLocale('en');
  });
});
