export * from './scoring/reference-values';
export * from './scoring/scoring';
export * from './scoring/simulate';
export * from './scoring/task-designs';
export * from './scoring/interpretation';
