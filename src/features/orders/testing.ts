import { fakeHttp } from '../../shared/testing/fake-http';

export { testOrder, testPatient, testProviderService } from '../../shared/testing/factories';

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
