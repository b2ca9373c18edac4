import { createSafeContext } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuntimeConfig } from '#common/contract';
import { appPaths, documentPaths, type AppPaths, type DocumentPaths } from './paths';

const [RuntimeConfigContext, useRuntimeConfigContext] = createSafeContext<RuntimeConfig>(
  'useRuntimeConfig outside RuntimeConfigProvider',
);

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext value={config}>{children}</RuntimeConfigContext>;
}

export function useRuntimeConfig(): RuntimeConfig {
  return useRuntimeConfigContext();
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
