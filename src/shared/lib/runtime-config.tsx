import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { RuntimeConfig } from '../api/contract';
import { appPaths, documentPaths, type AppPaths, type DocumentPaths } from './paths';

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext value={config}>{children}</RuntimeConfigContext>;
}

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig outside RuntimeConfigProvider');
  return config;
}

export function usePaths(): AppPaths {
  const { product } = useRuntimeConfig();
  return useMemo(() => appPaths(product), [product]);
}

export function useDocumentPaths(): DocumentPaths {
  const { staticHost } = useRuntimeConfig();
  return useMemo(() => documentPaths(staticHost), [staticHost]);
}
