import { describe, expect, it } from 'vitest';
import type { TServiceabilityResult } from '@konek/contract/serviceability-check';
import { outcomeOfReply } from './serviceability-check';

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

const reply = (code: number, fields: Record<string, unknown> = {}) => ({
  code,
  module: 'location',
  message: 'm',
  ...fields,
});

describe('outcomeOfReply (spec §2.3 loading, §7.3)', () => {
  it('serviceable and not serviceable answers carry the result', () => {
    expect(outcomeOfReply(reply(0, { result: SERVICEABLE }))).toEqual({
      kind: 'serviceable',
      result: SERVICEABLE,
    });
    expect(outcomeOfReply(reply(0, { result: PLANNED }))).toEqual({
      kind: 'not-serviceable',
      result: PLANNED,
    });
  });

  it.each([
    [502, 'timeout'],
    [500, 'server-error'],
    [503, 'server-error'],
    [504, 'server-error'],
    [1, 'location-error'],
    [400, 'location-error'],
  ] as const)('code %i is a %s', (code, kind) => {
    expect(outcomeOfReply(reply(code))).toEqual({ kind });
  });

  it('a success it cannot read is a server error', () => {
    expect(outcomeOfReply(reply(0, { result: { serviceable: 'yes' } }))).toEqual({
      kind: 'server-error',
    });
  });
});
