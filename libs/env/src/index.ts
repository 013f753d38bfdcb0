export * from './env-transforms';
export * from './load-env';
