import { describe, expect, it } from 'vitest';
import type { TServiceabilityResult } from '@konek/contract/serviceability-check';
import type { CallResult } from './call';
import { COVERAGE_FRESH_MS, outcomeOfResult, storedCoverage } from './coverage';
import type { TCheckedAddress } from './journey-store';

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

describe('storedCoverage (ADR 030)', () => {
  const NOW = 1_800_000_000_000;
  const HOUSE: TCheckedAddress = {
    radioTypeValue: 'House',
    area: {
      province: { address_name: 'Benguet', address_code: '1401100000' },
      city: { address_name: 'Baguio City', address_code: '1430300000' },
      barangay: { address_name: 'Ambiong', address_code: '1430300003' },
      zipCode: '2600',
    },
    house: { houseNo: '12', street: 'Session Road', village: 'Camp 7' },
    condominium: { buildingName: '', street: '', floor: '', unitNo: '' },
    searchResult: { lat: 16.41, lng: 120.6, details: 'Baguio City, Benguet' },
    landmark: '',
    regionDescription: 'Cordillera Administrative Region (CAR)',
    pilot: false,
  };
  const BUILDING: TCheckedAddress = {
    ...HOUSE,
    radioTypeValue: 'Condominium',
    condominium: { buildingName: 'Pine Tower', street: 'Leonard Wood', floor: '7', unitNo: '7A' },
  };
  const answered = (address: TCheckedAddress, result: TServiceabilityResult, age = 0) => ({
    checkedAddress: address,
    serviceability: { address, result, checkedAt: NOW - age },
  });

  it('claims nothing without an address or an answer', () => {
    expect(storedCoverage({ checkedAddress: null, serviceability: null }, NOW)).toEqual({
      status: 'none',
    });
    expect(storedCoverage({ checkedAddress: HOUSE, serviceability: null }, NOW)).toEqual({
      status: 'none',
    });
  });

  it('says available or unavailable from a fresh answer for this very address', () => {
    expect(storedCoverage(answered(HOUSE, SERVICEABLE), NOW).status).toBe('available');
    expect(storedCoverage(answered(HOUSE, PLANNED), NOW).status).toBe('unavailable');
  });

  it('claims nothing for an address changed since it was answered', () => {
    const moved = { ...HOUSE, searchResult: { ...HOUSE.searchResult, lat: 16.42 } };
    const otherBarangay = {
      ...HOUSE,
      area: {
        ...HOUSE.area,
        barangay: { address_name: 'Aurora Hill', address_code: '1430300011' },
      },
    };
    const otherFloor = { ...BUILDING, condominium: { ...BUILDING.condominium, floor: '8' } };
    const nowBuilding = { ...HOUSE, radioTypeValue: 'Condominium' as const };
    for (const current of [moved, otherBarangay, nowBuilding]) {
      const stored = { ...answered(HOUSE, SERVICEABLE), checkedAddress: current };
      expect(storedCoverage(stored, NOW)).toEqual({ status: 'none' });
    }
    const building = { ...answered(BUILDING, SERVICEABLE), checkedAddress: otherFloor };
    expect(storedCoverage(building, NOW)).toEqual({ status: 'none' });
  });

  it('keeps the claim when only what does not decide coverage changed', () => {
    const withLandmark = { ...HOUSE, landmark: 'Near the church' };
    const stored = { ...answered(HOUSE, SERVICEABLE), checkedAddress: withLandmark };
    expect(storedCoverage(stored, NOW).status).toBe('available');
  });

  it('asks again when the answer is old or was never seen here', () => {
    expect(storedCoverage(answered(HOUSE, SERVICEABLE, COVERAGE_FRESH_MS), NOW).status).toBe(
      'checking',
    );
    const restored = {
      checkedAddress: HOUSE,
      serviceability: { address: HOUSE, result: null, checkedAt: 0 },
    };
    expect(storedCoverage(restored, NOW).status).toBe('checking');
  });
});
