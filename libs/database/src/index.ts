export * from './data-source-options';
export * from './database-connection';
export * from './database-errors';
export * from './embedded-database';
export * from './migrations';
export * from './audited-entity';
export * from './entity-lookup';
export * from './demo-data';
