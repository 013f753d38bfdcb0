export * from './test-app';
export * from './test-client';
export * from './test-database';
export * from './platform-conformance';
export * from './browser';
export * from './openapi-examples';
