import { describe, expect, it } from 'vitest';
import type { TServiceabilityResult } from '@konek/contract/serviceability-check';
import type { CallResult } from '../../../lib/call';
import { outcomeOfResult } from './serviceability-check';

const SERVICEABLE: TServiceabilityResult = {
  serviceable: true,
  qualification_result: 'qualified',
  served_by: 'nap',
  unavailability_reason: null,
  alternate_proposal: null,
  distance_meters: 12,
};

const PLANNED: TServiceabilityResult = {
  serviceable: false,
  qualification_result: 'unqualified',
  served_by: null,
  unavailability_reason: { code: 'planned', label: 'Fibre is coming to this area.' },
  alternate_proposal: { expected_available_date: '2027-03-31' },
  distance_meters: 80,
};

const answered = (
  result: TServiceabilityResult,
): CallResult<{ result: TServiceabilityResult }> => ({
  ok: true,
  reply: { result },
});

/** A failed call as lib/call.ts reports it: the status, and the code of the reply or the client's. */
const failed = (
  code: number,
  status = code,
  unreachable = false,
): CallResult<{ result: TServiceabilityResult }> => ({
  ok: false,
  status,
  code,
  module: 'location',
  message: 'm',
  unreachable,
});

describe('outcomeOfResult (product §2.3 loading, §7.3)', () => {
  it('serviceable and not serviceable answers carry the result', () => {
    expect(outcomeOfResult(answered(SERVICEABLE))).toEqual({
      kind: 'serviceable',
      result: SERVICEABLE,
    });
    expect(outcomeOfResult(answered(PLANNED))).toEqual({
      kind: 'not-serviceable',
      result: PLANNED,
    });
  });

  it.each([
    [502, 502, 'timeout'],
    [500, 500, 'server-error'],
    [503, 503, 'server-error'],
    [504, 504, 'server-error'],
    [1, 400, 'location-error'],
    [400, 400, 'location-error'],
  ] as const)('code %i (HTTP %i) is a %s', (code, status, kind) => {
    expect(outcomeOfResult(failed(code, status))).toEqual({ kind });
  });

  it('no answer at all is a timeout', () => {
    expect(outcomeOfResult(failed(502, 502, true))).toEqual({ kind: 'timeout' });
  });

  it('a success it cannot read is a server error', () => {
    // lib/call.ts answers an unreadable 200 with the client's 502.
    expect(outcomeOfResult(failed(502, 200))).toEqual({ kind: 'server-error' });
  });
});
