import { describe, expect, it } from 'vitest';
import { readServerEnv } from './env';

describe('server environment', () => {
  it('defaults to a 12-hour session lifetime and no PUBLIC_URL (derived from the listening address)', () => {
    const env = readServerEnv({});
    expect(env.sessionMaxHours).toBe(12);
    expect(env.publicUrl).toBeUndefined();
  });

  it('reads SESSION_MAX_HOURS and keeps only the origin of PUBLIC_URL', () => {
    const env = readServerEnv({ SESSION_MAX_HOURS: '8', PUBLIC_URL: 'https://Clinic.Example.org:8443/' });
    expect(env.sessionMaxHours).toBe(8);
    expect(env.publicUrl).toBe('https://clinic.example.org:8443');
  });

  it.each(['clinic.example.org', 'javascript:alert(1)', 'ftp://clinic.example.org', 'https://clinic.example.org/cgm'])(
    'refuses PUBLIC_URL=%s with a reason',
    (value) => {
      expect(() => readServerEnv({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL/);
    },
  );

  it('refuses a session lifetime that is not a whole number of hours from 1 to 168', () => {
    for (const value of ['0', '169', '1.5', 'twelve']) {
      expect(() => readServerEnv({ SESSION_MAX_HOURS: value })).toThrow(/SESSION_MAX_HOURS/);
    }
  });
});

describe('AUDIT_RETENTION_YEARS (issue 35 F1)', () => {
  it('keeps the audit trail six years unless set longer', () => {
    expect(readServerEnv({}).auditRetentionYears).toBe(6);
    expect(readServerEnv({ AUDIT_RETENTION_YEARS: '10' }).auditRetentionYears).toBe(10);
  });

  it('refuses to start with less than six years, saying why', () => {
    expect(() => readServerEnv({ AUDIT_RETENTION_YEARS: '5' })).toThrow(/AUDIT_RETENTION_YEARS: must be at least 6/);
    expect(() => readServerEnv({ AUDIT_RETENTION_YEARS: '6.5' })).toThrow(/AUDIT_RETENTION_YEARS/);
  });
});

describe('TRUST_PROXY (issue 35)', () => {
  it('is off unless set, and reads a hop count or the proxies’ addresses and CIDR ranges', () => {
    expect(readServerEnv({}).trustProxy).toBe(false);
    expect(readServerEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(readServerEnv({ TRUST_PROXY: ' 1 ' }).trustProxy).toBe(1);
    expect(readServerEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readServerEnv({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, which would let any client choose its own address, and says what to set instead', () => {
    expect(() => readServerEnv({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: 'true' would let any client .+usually 1/,
    );
  });

  it.each(['proxy.example.org', '10.0.0.300', '10.0.0.0/33', '10.0.0.0/8/1', '11', '-1'])(
    'refuses TRUST_PROXY=%s with a reason',
    (value) => {
      expect(() => readServerEnv({ TRUST_PROXY: value })).toThrow(/Invalid server environment: TRUST_PROXY/);
    },
  );
});
