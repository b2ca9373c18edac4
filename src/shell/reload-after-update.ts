/** Spec §9 reload flag: how long a requested reload waits for the new version's worker before reloading anyway. */
export const reloadFlagMs = 500;

export interface ReloadDeps {
  serviceWorker: Pick<ServiceWorkerContainer, 'addEventListener' | 'getRegistration'>;
  reload: () => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

/**
 * Reloads once the new version's worker controls the page. A page opened before any worker existed gets no
 * `controllerchange` from a worker that was already active, so after the reload flag's 500 ms the page reloads anyway
 * unless a worker is still waiting (its `controllerchange` is then on its way). The flag makes it one reload, never two.
 */
export function reloadAfterUpdate(deps: ReloadDeps): void {
  let reloaded = false;
  function reloadOnce(): void {
    if (reloaded) return;
    reloaded = true;
    deps.reload();
  }
  deps.serviceWorker.addEventListener('controllerchange', reloadOnce, { once: true });
  deps.setTimeout(() => {
    void deps.serviceWorker
      .getRegistration()
      .catch(() => undefined)
      .then((registration) => {
        if (!registration?.waiting) reloadOnce();
      });
  }, reloadFlagMs);
}
