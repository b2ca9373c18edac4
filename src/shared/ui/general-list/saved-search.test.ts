import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { matchesSearch, savedRecords } from './saved-search';

interface Person {
  id: number;
  name: string;
}

const params = (providerServiceId: number | null, skip = 0) => ({
  searchText: '',
  orderBy: 'name',
  ascending: true,
  skip,
  take: 25,
  providerServiceId,
});

describe('savedRecords (issue 36: offline search looks through what the tablet holds)', () => {
  it('gathers every record of every kept page, grid pages and growing lists, once each, for this provider service', () => {
    const client = new QueryClient();
    client.setQueryData(['patients', 'list', 'all', 'page', params(1)], {
      dataList: [
        { id: 1, name: 'Rosa Álvarez' },
        { id: 2, name: 'Samuel Ashdown' },
      ],
      count: 60,
    });
    client.setQueryData(['patients', 'list', 'all', 'pages', params(1)], {
      pages: [
        { dataList: [{ id: 2, name: 'Samuel Ashdown' }], count: 60 },
        { dataList: [{ id: 3, name: 'Ada Byron' }], count: 60 },
      ],
      pageParams: [0, 10],
    });
    client.setQueryData(['patients', 'list', 'withResults', 'page', params(1, 25)], {
      dataList: [{ id: 4, name: 'Walter Reed' }],
      count: 30,
    });
    // Another clinic's patients and other kinds of data are not searched.
    client.setQueryData(['patients', 'list', 'all', 'page', params(2)], {
      dataList: [{ id: 9, name: 'Lakeside Person' }],
      count: 1,
    });
    client.setQueryData(['patients', 'detail', 5], { id: 5, name: 'Detail Only' });

    const found = savedRecords<Person>(client, ['patients', 'list'], 1, (person) => person.id);
    expect(found.map((person) => person.id).sort()).toEqual([1, 2, 3, 4]);
  });
});

describe('matchesSearch', () => {
  it('finds every word typed in the name, whatever the case and accents', () => {
    expect(matchesSearch('Rosa M. Álvarez', 'alvarez')).toBe(true);
    expect(matchesSearch('Rosa M. Álvarez', 'ROSA alv')).toBe(true);
    expect(matchesSearch('Rosa M. Álvarez', 'rosa smith')).toBe(false);
  });
});
