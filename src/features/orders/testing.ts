import { screen, within } from '@testing-library/react';
import { fakeHttp } from '../../shared/testing/fake-http';

export { specShapedOrder, testOrder, testPatient, testProviderService } from '../../shared/testing/factories';

type Answer = (body: unknown) => unknown;

/** GETs answered by path (a map, or a function for paths with a query), POSTs by path with a function of the body. */
export function ordersHttp(
  gets: Record<string, unknown> | ((path: string) => unknown),
  posts: Record<string, Answer> = {},
) {
  return fakeHttp((call) => {
    if (call.method === 'GET') return typeof gets === 'function' ? gets(call.path) : gets[call.path];
    return call.method === 'POST' ? posts[call.path]?.(call.body) : undefined;
  });
}

/**
 * Opens the follow-up dialog of the order placed on Mar 04, 2025 and still Sent (the tests' usual order), once its
 * timeline has loaded.
 */
export async function openFollowUp(user: { click: (element: Element) => Promise<void> }) {
  await user.click(await screen.findByRole('button', { name: 'Follow the order of Mar 04, 2025: Sent' }));
  const dialog = await screen.findByRole('dialog', { name: 'Order of Mar 04, 2025' });
  await within(dialog).findByRole('list', { name: 'What happened to the order' });
  return dialog;
}
