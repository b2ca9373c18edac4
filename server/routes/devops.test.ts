import { expect, it } from 'vitest';
import { devopsSchema } from '#common/contract';
import { useTestApp } from '../testing/signed-in-app';

const testApp = useTestApp({ demo: false });

it('answers the server UTC time anonymously as a parseable ISO string', async () => {
  const before = Date.now();
  const response = await testApp.app.inject({ method: 'GET', url: '/api/cgm/devops', headers: { authToken: 'NA' } });
  expect(response.statusCode).toBe(200);
  const { serverUtcTime } = devopsSchema.parse(response.json());
  expect(serverUtcTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  const time = Date.parse(serverUtcTime);
  expect(time).toBeGreaterThanOrEqual(before - 1000);
  expect(time).toBeLessThanOrEqual(Date.now() + 1000);
});

it('has no demo routes and no demo data when demo is off', async () => {
  expect((await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
  const [row] = await testApp.db.query<{ n: number }>('SELECT count(*) AS n FROM users');
  expect(row?.n).toBe(0);
});
