/**
 * A button that fetches a file with the session's token and hands it to the browser as a download: an
 * object URL on a link with the `download` attribute, clicked once and let go. A failure says why beside
 * the button; nothing else on the page changes.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { DownloadedFile } from '../api/file-download';
import { useManageFailureText } from '../i18n/manage-text';
import { FormMessage } from './form';

/** Gives the file to the browser to save. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL may go once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function DownloadButton({
  label,
  failure,
  load,
  className = 'button',
}: {
  label: string;
  /** What could not be downloaded, e.g. 'The statement could not be downloaded.'; the reason follows it. */
  failure: string;
  load: () => Promise<DownloadedFile>;
  className?: string;
}) {
  const { t } = useLingui();
  const reason = useManageFailureText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      saveFile(await load());
    } catch (err) {
      const why = reason(err);
      setError(t`${failure} ${why}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className={className} disabled={busy} aria-busy={busy} onClick={download}>
        {busy ? t`Downloading…` : label}
      </button>
      {/* Only once there is something to say: it may sit in a row of buttons. An alert is announced as it appears. */}
      {error && <FormMessage error={error} />}
    </>
  );
}
