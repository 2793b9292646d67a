/** A refused call, as the API's envelope `{ status, errorCode, message, field? }` tells it (docs/PRODUCT.md §7). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: number | undefined,
    message: string,
    readonly field?: string,
    /** The whole error body, for codes that carry more (e.g. `contact` with 20101). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

interface ErrorEnvelope {
  status?: number;
  errorCode?: number;
  message?: string;
  field?: string;
}

/**
 * The data of an openapi-fetch result, or an `ApiFailure` thrown with the server's words. A call with
 * no answer throws `RequestFailure` ('timeout' or 'network') from the fetch below.
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && data !== undefined) return data;
  const envelope = (error ?? {}) as ErrorEnvelope;
  throw new ApiFailure(
    envelope.status ?? response.status,
    envelope.errorCode,
    envelope.message ?? response.statusText,
    envelope.field,
    error,
  );
}
