export * from './access-level-table';
export * from './entity-schema';
export * from './projection-query.dto';
export * from './projector';
export * from './projection.interceptor';
export * from './expansions';
export * from './projected-document';
