/**
 * Files the API serves only with the bearer token (a statement PDF, a calendar invitation): read through
 * the typed client as a Blob, so a plain link, which could not send the token, is not needed.
 */
import { unwrap } from '../../common/api/api-error';

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a `Content-Disposition: attachment; filename="..."` answer, if it gives one. */
export function attachmentName(response: Response): string | null {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename="([^"]+)"/i.exec(header) ?? /filename=([^;\s]+)/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The Blob of a call made with `parseAs: 'blob'`, named as the server names it (else `fallbackName`); a
 * refusal throws `ApiFailure` with the server's message, like every other call.
 */
export async function downloadedFile(
  call: Promise<{ data?: Blob; error?: unknown; response: Response }>,
  fallbackName: string,
): Promise<DownloadedFile> {
  const result = await call;
  const blob = await unwrap(Promise.resolve(result));
  return { blob, fileName: attachmentName(result.response) ?? fallbackName };
}
