export * from './audit-event-table';
export * from './audit-event.entity';
export * from './audit-events.controller';
export * from './audit-events.dto';
export * from './audit.interceptor';
export * from './audit.subscriber';
export * from './audited-write';
