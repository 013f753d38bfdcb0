import { describeStatus, type DomainError } from '@portal/problem-details';

import type { PoolResult } from '../pool/render-pool';
import { poolErrorOf, refusalOf } from '../pool/render-problems';

/** Why an item failed, as a render of it alone would have been answered (RFC 9457, no instance). */
export type ItemProblem = Record<string, unknown>;

export const problemOf = (error: DomainError): ItemProblem => ({
  ...describeStatus(error.status),
  status: error.status,
  detail: error.message,
  ...error.extensions,
  ...('errors' in error ? { errors: (error as { errors: unknown }).errors } : {}),
});

/**
 * What a worker's answer means for an item: its document, the item's own problem (its data, or its
 * render too slow or too large), or a refusal of the moment (the pool busy or closing), which is
 * not the item's fault: the item is tried again, on this replica or another.
 */
export type ItemOutcome =
  | { readonly kind: 'done'; readonly bytes: Uint8Array }
  | { readonly kind: 'failed'; readonly problem: ItemProblem }
  | { readonly kind: 'again'; readonly reason: string };

export function itemOutcomeOf(result: PoolResult): ItemOutcome {
  switch (result.kind) {
    case 'document':
      return { kind: 'done', bytes: result.bytes };
    case 'refused':
      return { kind: 'failed', problem: problemOf(refusalOf(result)) };
    case 'timeout':
    case 'crashed':
      return { kind: 'failed', problem: problemOf(poolErrorOf(result)) };
    case 'busy':
      return { kind: 'again', reason: 'every render worker of this replica is busy' };
    case 'cancelled':
      return { kind: 'again', reason: 'this replica is stopping' };
    case 'overdue':
      return { kind: 'again', reason: 'the item waited for a worker longer than it may' };
  }
}
