import { useEffect, useSyncExternalStore } from 'react';

/**
 * Which forms on screen hold input not yet saved. The update prompt waits while any does (DESIGN §3), so a new
 * version never reloads a half-filled form away.
 */
const dirtyForms = new Set<symbol>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

/** Call in a form with its dirty flag (react-hook-form's formState.isDirty). */
export function useUnsavedChanges(isDirty: boolean): void {
  useEffect(() => {
    if (!isDirty) return;
    const id = Symbol('form');
    dirtyForms.add(id);
    notify();
    return () => {
      dirtyForms.delete(id);
      notify();
    };
  }, [isDirty]);
}

export function useHasUnsavedChanges(): boolean {
  return useSyncExternalStore(subscribe, hasUnsavedChanges);
}
