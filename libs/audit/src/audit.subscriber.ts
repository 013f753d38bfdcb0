import { type EntitySubscriberInterface, EventSubscriber, type TransactionCommitEvent } from 'typeorm';

import { currentRequestContext } from '@portal/http-context';

import { insertAuditEvent } from './audit-event-table';
import { auditEventRowOf, currentAuditedWrite } from './audited-write';

/**
 * The one place writes are audited: every transaction a write request commits gets its audit row
 * inserted just before COMMIT, in the same transaction, so a write and its record commit or roll
 * back together, and write code needs no call of its own. Transactions outside write requests
 * (migrations, seeders, reads) are not audited; a request that commits several transactions is
 * recorded once, by the first.
 */
// TypeORM instantiates only the listed subscribers that carry @EventSubscriber().
@EventSubscriber()
export class AuditSubscriber implements EntitySubscriberInterface {
  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const write = currentAuditedWrite();
    const context = currentRequestContext();
    if (!write || !context || write.recorded) return;
    await insertAuditEvent(
      (sql, parameters) => event.queryRunner.query(sql, parameters),
      auditEventRowOf(write, context.correlationId),
    );
  }

  afterTransactionCommit(): void {
    const write = currentAuditedWrite();
    if (write) write.recorded = true;
  }
}
