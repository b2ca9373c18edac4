import type { ProviderServiceRef } from '#common/contract';

/**
 * Spec §3/§9: provider-service names in the profile dropdown and header are cut at 80 characters; the one place
 * that names a provider service and its merged code.
 */
export const providerServiceNameLimit = 80;

/** Spec §3 merged name: 'provider -- service'. */
export function providerServiceName(ref: Pick<ProviderServiceRef, 'provider' | 'service'>): string {
  return `${ref.provider.name} -- ${ref.service.name}`;
}

/** Spec §3 merged code: 'providerId,serviceId'. */
export function providerServiceCode(ref: Pick<ProviderServiceRef, 'provider' | 'service'>): string {
  return `${String(ref.provider.id)},${String(ref.service.id)}`;
}

/** The first 80 characters and an ellipsis when longer; names up to 80 are shown whole. */
export function truncateProviderServiceName(name: string, limit = providerServiceNameLimit): string {
  return name.length > limit ? `${name.slice(0, limit)}…` : name;
}
