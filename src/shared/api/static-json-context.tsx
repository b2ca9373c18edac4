import { createContext, useContext, type ReactNode } from 'react';
import { createStaticJsonFetcher, type StaticJsonFetcher } from './static-json';

const StaticJsonContext = createContext<StaticJsonFetcher>(createStaticJsonFetcher());

/** Tests pass their own fetcher; the application uses the default, which reads through the browser's fetch. */
export function StaticJsonProvider({ fetcher, children }: { fetcher: StaticJsonFetcher; children: ReactNode }) {
  return <StaticJsonContext value={fetcher}>{children}</StaticJsonContext>;
}

/** Static and third-party JSON (resource config, licenses, oEmbed) goes through this, never through useHttp. */
export function useStaticJson(): StaticJsonFetcher {
  return useContext(StaticJsonContext);
}
