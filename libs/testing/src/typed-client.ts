/** What an openapi-fetch call resolves to: the typed body on a 2xx, the typed problem otherwise. */
export interface TypedResult<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

/**
 * The typed body of an openapi-fetch call that must answer `status`; otherwise the test fails with
 * the status and the problem the service sent.
 */
export function expectData<T>(result: TypedResult<T>, status: number): T {
  if (result.response.status !== status || result.data === undefined) {
    throw new Error(
      `${result.response.url}: expected ${status}, got ${result.response.status} ${JSON.stringify(result.error)}`,
    );
  }
  return result.data;
}
