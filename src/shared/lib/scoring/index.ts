export * from './reference-values';
export * from './scoring';
export * from './simulate';
export * from './task-designs';
export * from './interpretation';
