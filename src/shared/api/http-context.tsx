import { createContext, useContext, type ReactNode } from 'react';
import type { HttpClient } from './http';

const HttpContext = createContext<HttpClient | null>(null);

export function HttpProvider({ client, children }: { client: HttpClient; children: ReactNode }) {
  return <HttpContext value={client}>{children}</HttpContext>;
}

export function useHttp(): HttpClient {
  const client = useContext(HttpContext);
  if (!client) throw new Error('useHttp outside HttpProvider');
  return client;
}
