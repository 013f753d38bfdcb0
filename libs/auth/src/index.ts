export * from './auth-options';
export * from './auth.guard';
export * from './dev-token';
export * from './jwt-verifier';
export * from './principal';
export * from './roles.decorator';
export * from './provider-key-set';
