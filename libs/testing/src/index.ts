export * from './test-app';
export * from './test-client';
export * from './test-database';
