import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeHttp, serverError } from '../testing/fake-http';
import { capabilityFromAnswer, capabilityKeys, capabilityQuery, noteAnswer } from './capabilities';
import { ApiError } from './http';

const followUp = '/api/cgm/assessmentorders/followup?filter=ATTENTION';
const refusal = (status: number) => serverError(followUp, status, { code: 'X', message: 'x' });
const network = () => new ApiError({ status: 0, code: 'NETWORK', serverMessage: null, path: followUp });

describe('what an answer says about a call beyond spec §7 (issue 37)', () => {
  // What was found out lives in the tab's session; each test starts a session of its own.
  beforeEach(() => {
    window.sessionStorage.clear();
  });

  it('reads 404 and 405 as "not offered", any other answer as offered, a network error as offline', () => {
    expect(capabilityFromAnswer(refusal(404))).toBe('notOffered');
    expect(capabilityFromAnswer(refusal(405))).toBe('notOffered');
    for (const status of [400, 401, 403, 409, 500, 503]) expect(capabilityFromAnswer(refusal(status))).toBe('offered');
    expect(capabilityFromAnswer(null)).toBe('offered');
    expect(capabilityFromAnswer(network())).toBe('offline');
  });

  it('asks once per session, remembering "not offered"', async () => {
    const queryClient = new QueryClient();
    const { http, calls } = fakeHttp({ [followUp]: () => Promise.reject(refusal(404)) });
    expect(await queryClient.query(capabilityQuery(http, 'cgm', 'followUp'))).toBe('notOffered');
    expect(await queryClient.query(capabilityQuery(http, 'cgm', 'followUp'))).toBe('notOffered');
    expect(calls.map((call) => call.path)).toEqual([followUp]);
  });

  it('does not ask again when every query is invalidated, as a sign-in restoring cached lists does', async () => {
    const queryClient = new QueryClient();
    const { http, calls } = fakeHttp({ [followUp]: () => Promise.reject(refusal(404)) });
    expect(await queryClient.query(capabilityQuery(http, 'cgm', 'followUp'))).toBe('notOffered');
    await queryClient.invalidateQueries({ refetchType: 'none' });
    expect(await queryClient.query(capabilityQuery(http, 'cgm', 'followUp'))).toBe('notOffered');
    // A new sign-in in the same tab: the cleared client still knows from the tab's session.
    queryClient.clear();
    await queryClient.invalidateQueries({ refetchType: 'none' });
    expect(await queryClient.query(capabilityQuery(http, 'cgm', 'followUp'))).toBe('notOffered');
    expect(calls.map((call) => call.path)).toEqual([followUp]);
  });

  it('remembers nothing from a network error: offline is not "not offered", and the next need asks again', async () => {
    const queryClient = new QueryClient();
    let online = false;
    const { http, calls } = fakeHttp({ [followUp]: () => (online ? { dataList: [], count: 0 } : undefined) });
    await expect(queryClient.query(capabilityQuery(http, 'cgm', 'followUp'))).rejects.toMatchObject({
      status: 0,
    });
    expect(queryClient.getQueryData(capabilityKeys.one('followUp'))).toBeUndefined();
    online = true;
    expect(await queryClient.query(capabilityQuery(http, 'cgm', 'followUp'))).toBe('offered');
    expect(calls).toHaveLength(2);
  });

  it('finds out "I cannot do this test" with a call a patient may make, never the staff follow-up list', async () => {
    const unable = '/api/cgm/assessmentorders/0/unabletotake';
    const answers = { 400: 'offered', 404: 'notOffered' } as const;
    for (const [status, expected] of Object.entries(answers)) {
      window.sessionStorage.clear();
      const { http, calls } = fakeHttp({
        [unable]: () => Promise.reject(serverError(unable, Number(status), { code: 'X', message: 'x' })),
      });
      expect(await new QueryClient().query(capabilityQuery(http, 'cgm', 'unableToTake'))).toBe(expected);
      // It sends no reason, so nothing is recorded even on a server that has the call.
      expect(calls).toEqual([{ method: 'POST', path: unable, body: {} }]);
    }
  });

  it("learns from a feature's own call: 404 or 405 is remembered, a network error is not", () => {
    const queryClient = new QueryClient();
    expect(noteAnswer(queryClient, 'handover', network())).toBe(false);
    expect(queryClient.getQueryData(capabilityKeys.one('handover'))).toBeUndefined();
    expect(noteAnswer(queryClient, 'handover', refusal(405))).toBe(true);
    expect(queryClient.getQueryData(capabilityKeys.one('handover'))).toBe('notOffered');
    expect(noteAnswer(queryClient, 'resetLinkCheck', refusal(404))).toBe(true);
    expect(queryClient.getQueryData(capabilityKeys.one('resetLinkCheck'))).toBe('notOffered');
  });
});
