import type { ProviderServiceInput } from '#common/contract';

let made = 0;

/**
 * A new provider service's input, offered in English (the default) and French; its provider is named `provider`
 * and a number no other call of this file's tests has had, since two provider services may not share a name.
 */
export function testProviderServiceInput(
  provider: string,
  overrides: Partial<ProviderServiceInput> = {},
): ProviderServiceInput {
  made += 1;
  return {
    providerName: `${provider} ${String(made)}`,
    serviceName: 'Memory Service',
    reportTypeId: 1,
    deliveryMethod: 'BOTH',
    batteryCodes: ['FullCBB'],
    localities: [
      { localityId: 'en-US', isDefault: true },
      { localityId: 'fr-FR', isDefault: false },
    ],
    ...overrides,
  };
}
