import { createSafeContext } from '@mantine/core';
import type { ReactNode } from 'react';
import type { HttpClient } from './http';

const [HttpContext, useHttpContext] = createSafeContext<HttpClient>('useHttp outside HttpProvider');

export function HttpProvider({ client, children }: { client: HttpClient; children: ReactNode }) {
  return <HttpContext value={client}>{children}</HttpContext>;
}

export function useHttp(): HttpClient {
  return useHttpContext();
}
