export * from './auth';
export * from './config';
export * from './errors';
