export * from './body-limit';
export * from './cors';
export * from './create-service-app';
export * from './health.controller';
export * from './metrics';
export * from './run-service';
export * from './service-environment';
export * from './service-runtime.module';
