export * from './correlation';
export * from './int32-param.pipe';
export * from './logger';
export * from './query-transforms';
export * from './request-context';
export * from './request-validation.pipe';
export * from './validators';
export * from './json-body';
