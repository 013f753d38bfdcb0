/** The longest `callbackUrl` a job takes. */
export const CALLBACK_URL_MAX_LENGTH = 2048;

/**
 * Why a job cannot take `url` as its `callbackUrl` (the 400 on it), or undefined: an absolute
 * https URL of at most 2048 characters, without credentials, on a host of `hosts`
 * (RENDER_CALLBACK_HOSTS: the URL's host, `host:port` when its port is not 443). The message
 * completes "callbackUrl ...".
 */
export function callbackUrlProblem(url: string, hosts: readonly string[]): string | undefined {
  if (url.length > CALLBACK_URL_MAX_LENGTH) return `must be at most ${CALLBACK_URL_MAX_LENGTH} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute https URL';
  }
  if (parsed.protocol !== 'https:') return `must be an https URL, not ${parsed.protocol.replace(/:$/, '')}`;
  if (parsed.username || parsed.password) return 'may not carry credentials';
  if (hosts.length === 0)
    return 'is not taken: this deployment sends callbacks to no host (RENDER_CALLBACK_HOSTS)';
  const host = parsed.host.toLowerCase();
  if (!hosts.some((listed) => listed.toLowerCase() === host))
    return `is on ${parsed.host}, which is not a host callbacks are sent to (RENDER_CALLBACK_HOSTS)`;
  return undefined;
}
