import { echoInput, listInputs } from '@portal/problem-details';

/** Names longer than this are not typos of a known name: compared by their first characters only. */
const MAX_COMPARED_LENGTH = 64;
/** At most this many known names are compared with one unknown name. */
const MAX_CANDIDATES = 200;

/** How far a name may be from a known one to be suggested: one edit per three characters, 1 to 3. */
const allowedDistance = (length: number): number => Math.min(3, Math.max(1, Math.ceil(length / 3)));

/**
 * The optimal string alignment distance (Levenshtein with adjacent transpositions, so `emial` is one
 * edit from `email`) when it is at most `max`, else `max + 1`. Only the band of width `2 * max + 1`
 * around the diagonal is computed, so a comparison costs O(length * max), and it stops as soon as a
 * whole row is past `max`.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const past = max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => (j <= max ? j : past));
  for (let i = 1; i <= a.length; i += 1) {
    const current = new Array<number>(b.length + 1).fill(past);
    current[0] = i <= max ? i : past;
    let rowMinimum = current[0];
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    for (let j = from; j <= to; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, beforePrevious[j - 2] + 1);
      }
      current[j] = Math.min(distance, past);
      rowMinimum = Math.min(rowMinimum, current[j]);
    }
    if (rowMinimum > max) return past;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[b.length], past);
}

/**
 * The known name nearest to `name`, compared case-insensitively, if one is near enough to be the
 * one meant; ties go to the first known name. Bounded: the first MAX_CANDIDATES known names, each
 * compared on its first MAX_COMPARED_LENGTH characters.
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  const sought = name.slice(0, MAX_COMPARED_LENGTH).toLowerCase();
  let best: string | undefined;
  let bestDistance = allowedDistance(sought.length);
  for (const candidate of known.slice(0, MAX_CANDIDATES)) {
    const distance = boundedEditDistance(
      sought,
      candidate.slice(0, MAX_COMPARED_LENGTH).toLowerCase(),
      bestDistance,
    );
    if (distance < bestDistance || (distance === bestDistance && best === undefined)) {
      best = candidate;
      bestDistance = distance;
      if (distance === 0) break;
    }
  }
  return best;
}

/**
 * Contract 4: `isNewTap: unknown property; did you mean isNewTab?`, or the known names when none
 * is near (`kind` is `property` or `parameter`).
 */
export function unknownNameMessage(
  name: string,
  known: readonly string[],
  kind: 'property' | 'parameter',
): string {
  const nearest = nearestName(name, known);
  const shown = echoInput(name, 100);
  if (nearest !== undefined) return `${shown}: unknown ${kind}; did you mean ${nearest}?`;
  if (known.length === 0) return `${shown}: unknown ${kind}; this operation takes none`;
  return `${shown}: unknown ${kind}; known: ${listInputs(known)}`;
}
