/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer a tap in between. Start-up's
 * steps after a network answer (texts, the link's check) otherwise ran as one task: on a patient's phone, a main
 * thread held for hundreds of milliseconds (issue 32). `scheduler.yield()` resumes ahead of other queued work where
 * the browser has it; elsewhere a zero timeout does the same, a little later.
 */
export function yieldToBrowser(): Promise<void> {
  if ('scheduler' in globalThis && typeof globalThis.scheduler.yield === 'function') {
    return globalThis.scheduler.yield();
  }
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
