import { describe, expect, it } from 'vitest';
import { distanceKm } from './distance';

describe('distanceKm', () => {
  it('measures Shanghai People’s Square to the Bund as about 1.9 km', () => {
    const km = distanceKm(
      { latitude: 31.2304, longitude: 121.4737 },
      { latitude: 31.2401, longitude: 121.4904 },
    );
    expect(km).toBeGreaterThan(1.6);
    expect(km).toBeLessThan(2.1);
  });

  it('is zero for the same point and symmetric', () => {
    const a = { latitude: 39.9, longitude: 116.4 };
    const b = { latitude: 31.23, longitude: 121.47 };
    expect(distanceKm(a, a)).toBe(0);
    expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9);
    expect(distanceKm(a, b)).toBeGreaterThan(1000);
  });
});
