export * from './auth';
export * from './config';
export * from './errors';
export * from './dev';
export * from './provider-services';
export * from './contact';
export * from './resources';
export * from './licenses';
