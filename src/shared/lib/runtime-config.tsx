import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

/** The documents in the interface language where they exist (see documentPaths). */
export function useDocumentPaths(): DocumentPaths {
  const { staticHost } = useRuntimeConfig();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => documentPaths(staticHost, language), [staticHost, language]);
}
