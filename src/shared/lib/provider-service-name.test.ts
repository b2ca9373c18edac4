import { describe, expect, it } from 'vitest';
import {
  providerServiceCode,
  providerServiceName,
  providerServiceNameLimit,
  truncateProviderServiceName,
} from './provider-service-name';

const ref = { provider: { id: 3, name: 'Northside Memory Clinic' }, service: { id: 11, name: 'Neurology' } };

describe('provider-service name and code (spec §3)', () => {
  it("merges the name as 'provider -- service' and the code as 'providerId,serviceId'", () => {
    expect(providerServiceName(ref)).toBe('Northside Memory Clinic -- Neurology');
    expect(providerServiceCode(ref)).toBe('3,11');
  });

  it('shows names of up to 80 characters whole', () => {
    const eighty = 'x'.repeat(providerServiceNameLimit);
    expect(truncateProviderServiceName(eighty)).toBe(eighty);
  });

  it('cuts longer names at 80 characters and adds an ellipsis', () => {
    const long = `${'a'.repeat(80)}bcdef`;
    expect(truncateProviderServiceName(long)).toBe(`${'a'.repeat(80)}…`);
  });
});
