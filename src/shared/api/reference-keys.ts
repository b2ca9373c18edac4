/**
 * The one owner of the reference-data keys (localities, report types, batteries, the profile form's choices and
 * rules): every feature's reference queries sit under `all`, so one invalidation refreshes them all.
 */
export const referenceKeys = {
  all: () => ['references'] as const,
  of: (name: string) => [...referenceKeys.all(), name] as const,
};
