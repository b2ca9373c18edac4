export * from './auth';
export * from './config';
export * from './errors';
export * from './dev';
export * from './provider-services';
