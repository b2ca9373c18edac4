import { describe, expect, it } from 'vitest';
import { isNonClientApiPath, isSpecCall } from './spec-calls';

describe('the calls of spec §7', () => {
  it('knows a browser request by its path, record ids being numbers', () => {
    expect(isSpecCall('GET', '/api/cgm/assessmentorders/12', 'cgm')).toBe(true);
    expect(isSpecCall('GET', '/api/cgm/assessmentorders/followup', 'cgm')).toBe(false);
    expect(isSpecCall('POST', '/api/cgm/assessmentorders/12/cancel', 'cgm')).toBe(false);
    expect(isSpecCall('POST', '/api/cgm/log/warn', 'cgm')).toBe(true);
    expect(isSpecCall('POST', '/api/cgm/log', 'cgm')).toBe(false);
    expect(isSpecCall('get', '/api/profile/patients?searchText=Al&skip=0', 'cgm')).toBe(true);
    expect(isSpecCall('GET', '/api/other/devops', 'cgm')).toBe(false);
    // The profile forms' choices: needed by the spec's screens, their call not shown by §7.
    expect(isSpecCall('GET', '/api/references/profile', 'cgm')).toBe(true);
  });

  it('knows a server route by its pattern, so a literal route never passes for a record id', () => {
    const followUp = '/api/cgm/assessmentorders/followup';
    expect(isSpecCall('GET', followUp, 'cgm', followUp)).toBe(false);
    expect(isSpecCall('GET', '/api/cgm/assessmentorders/x', 'cgm', '/api/cgm/assessmentorders/:id')).toBe(true);
    expect(isSpecCall('POST', '/api/cgm/log/info', 'cgm', '/api/cgm/log/:level')).toBe(true);
    expect(isSpecCall('POST', '/api/cgm/log/debug', 'cgm', '/api/cgm/log/:level')).toBe(false);
  });

  it('sets apart the paths the client never calls', () => {
    expect(isNonClientApiPath('/api/oembed?url=x', 'cgm')).toBe(true);
    expect(isNonClientApiPath('/api/cgm/workflow/abc/completed', 'cgm')).toBe(true);
    expect(isNonClientApiPath('/api/dev/outbox', 'cgm')).toBe(true);
    expect(isNonClientApiPath('/api/cgm/devops', 'cgm')).toBe(false);
  });
});
