import type { DeviceClass } from '#common/contract';

/**
 * The class of device a test is begun on, from its browser's User-Agent, for the order’s timeline. A guess, like every
 * reading of a User-Agent (an iPad in desktop mode reads as a Mac): the runner's own record says what it measured.
 */
export function deviceClassOf(userAgent: string | undefined): DeviceClass {
  const agent = userAgent ?? '';
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(agent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/i.test(agent)) return 'phone';
  return 'desktop';
}
