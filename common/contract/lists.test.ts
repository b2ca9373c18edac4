import { describe, expect, it } from 'vitest';
import { listQueryString, type ListParams } from './lists';
import { patientListQuerySchema } from './profiles';

describe('list queries (spec §7)', () => {
  it('writes searchText, orderBy, ascending, skip, take and providerServiceId, and the server reads them back', () => {
    const params: ListParams = {
      searchText: 'o’brien & co',
      orderBy: 'dateOfBirth',
      ascending: false,
      skip: 25,
      take: 25,
      providerServiceId: 3,
    };
    const query = Object.fromEntries(new URLSearchParams(listQueryString(params)));
    expect(patientListQuerySchema.parse(query)).toEqual(params);
  });

  it('leaves providerServiceId out when the list is about every provider service, and defaults the rest', () => {
    const text = listQueryString({
      searchText: '',
      orderBy: 'name',
      ascending: true,
      skip: 0,
      take: 10,
      providerServiceId: null,
    });
    expect(text).not.toContain('providerServiceId');
    expect(patientListQuerySchema.parse({})).toEqual({
      searchText: '',
      orderBy: 'name',
      ascending: true,
      skip: 0,
      take: 10_000,
    });
  });

  it('refuses an unknown sort key and out-of-range paging', () => {
    expect(patientListQuerySchema.safeParse({ orderBy: 'password_hash' }).success).toBe(false);
    expect(patientListQuerySchema.safeParse({ take: '0' }).success).toBe(false);
    expect(patientListQuerySchema.safeParse({ take: '10001' }).success).toBe(false);
    expect(patientListQuerySchema.safeParse({ skip: '-1' }).success).toBe(false);
  });
});
