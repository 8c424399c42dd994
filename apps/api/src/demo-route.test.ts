import { describe, expect, it } from 'vitest';
import { distanceMetres } from '@konek/contract/tracking';
import { demoWaypoints, positionsAlong } from './demo-route';

describe('the demo driver route', () => {
  const pin = { lat: 14.5547, lng: 121.0244 };

  it('starts about 3 km from the pin and ends on it', () => {
    const corners = demoWaypoints(pin, 3);
    expect(distanceMetres(corners[0]!, pin)).toBeGreaterThan(2_800);
    expect(distanceMetres(corners[0]!, pin)).toBeLessThan(3_200);
    const points = positionsAlong(corners, 45);
    expect(points).toHaveLength(45);
    expect(points[0]).toEqual(corners[0]);
    expect(distanceMetres(points.at(-1)!, pin)).toBeLessThan(1);
  });

  it('moves closer along the way in even steps', () => {
    const points = positionsAlong(demoWaypoints(pin, 3), 30);
    const steps = points.slice(1).map((point, index) => distanceMetres(points[index]!, point));
    const even = steps[0]!;
    // Equal along a leg; a step over a corner cuts it, so it is shorter, never longer.
    expect(Math.max(...steps)).toBeLessThan(even + 1);
    expect(steps.filter((step) => Math.abs(step - even) < 1).length).toBeGreaterThan(25);
    expect(distanceMetres(points[20]!, pin)).toBeLessThan(distanceMetres(points[5]!, pin));
  });
});
