export * from './domain-error';
export * from './problem';
export * from './problem-details.filter';
export * from './problem-renderer';
export * from './validation-errors';
export * from './api-problem-responses';
export * from './client-error';
export * from './caller-input';
