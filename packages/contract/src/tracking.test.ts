import { describe, expect, it } from 'vitest';
import { distanceMetres, estimateArrivalMinutes } from './tracking';

describe('arrival estimate', () => {
  const quiapoChurch = { lat: 14.5987, lng: 120.9837 };

  it('measures about 1.11 km per hundredth of a degree of latitude', () => {
    const north = { lat: quiapoChurch.lat + 0.01, lng: quiapoChurch.lng };
    expect(distanceMetres(quiapoChurch, north)).toBeGreaterThan(1100);
    expect(distanceMetres(quiapoChurch, north)).toBeLessThan(1120);
  });

  it('counts the technician at the door within 75 m, and at least one minute beyond', () => {
    expect(estimateArrivalMinutes(quiapoChurch, quiapoChurch)).toBe(0);
    expect(estimateArrivalMinutes({ lat: 14.5993, lng: 120.9837 }, quiapoChurch)).toBe(0);
    expect(estimateArrivalMinutes({ lat: 14.5997, lng: 120.9837 }, quiapoChurch)).toBe(1);
  });

  it('drives 5 km of straight line in about 17 minutes (road factor 1.4 at 25 km/h)', () => {
    const fiveKmNorth = { lat: quiapoChurch.lat + 5000 / 111_195, lng: quiapoChurch.lng };
    expect(estimateArrivalMinutes(fiveKmNorth, quiapoChurch)).toBe(17);
  });
});
