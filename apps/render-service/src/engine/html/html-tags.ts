/**
 * The first `<name ...>` start tag at or after `from`: where it starts and where its `>` ends it;
 * undefined when there is none. Linear in the text: a pattern such as `/<head(\s[^>]*)?>/` reads
 * on from each `<head` that no `>` follows, quadratic in their number (80 KB of them: 4 s).
 */
export function findStartTag(
  html: string,
  name: string,
  from = 0,
): { readonly start: number; readonly end: number } | undefined {
  const opening = new RegExp(`<${name}(?=[\\s>])`, 'gi');
  opening.lastIndex = from;
  const match = opening.exec(html);
  if (!match) return undefined;
  // The first `>` ends it; when there is none, no later start tag has one either.
  const close = html.indexOf('>', match.index);
  return close < 0 ? undefined : { start: match.index, end: close + 1 };
}
