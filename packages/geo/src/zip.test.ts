import { describe, expect, it } from 'vitest';
import { boundingBox, distanceKm, geoLocationByZip, isValidZip, zipCoverage } from './zip.ts';

describe('postal code -> geolocation (offline data, spec 7 utility/getGeoLocationByZip)', () => {
  it.each([
    ['10115', 'Berlin', { lat: 52.53, lon: 13.38 }],
    ['80331', 'München', { lat: 48.137, lon: 11.575 }],
    ['20095', 'Hamburg', { lat: 53.551, lon: 10.0 }],
  ])('%s resolves to %s within a few km', (zip, city, expected) => {
    const location = geoLocationByZip(zip);
    expect(location).not.toBeNull();
    expect(location?.city).toBe(city);
    expect(location?.precision).toBe('town');
    expect(distanceKm(location as { lat: number; lon: number }, expected)).toBeLessThan(5);
  });

  it('a code whose town is not in the town list falls back to its 2-digit region', () => {
    // Every listed code resolves; at least 80 % to their own town.
    const { codes, regionOnly } = zipCoverage();
    expect(codes).toBeGreaterThan(8000);
    expect(regionOnly / codes).toBeLessThan(0.2);
  });

  it('malformed codes and codes of unused regions resolve to nothing', () => {
    for (const zip of ['', '1011', '101155', 'abcde', '10 15', '00000', '05123', '43001', '62000'])
      expect(geoLocationByZip(zip)).toBeNull();
    expect(geoLocationByZip('10115', 'AT')).toBeNull();
    expect(isValidZip('01067')).toBe(true);
    expect(isValidZip('1067')).toBe(false);
  });

  it('haversine distance: Berlin - Munich about 504 km, symmetric, zero to itself', () => {
    const berlin = { lat: 52.52, lon: 13.405 };
    const munich = { lat: 48.1374, lon: 11.5755 };
    expect(distanceKm(berlin, munich)).toBeGreaterThan(498);
    expect(distanceKm(berlin, munich)).toBeLessThan(510);
    expect(distanceKm(munich, berlin)).toBeCloseTo(distanceKm(berlin, munich), 6);
    expect(distanceKm(berlin, berlin)).toBe(0);
  });

  it('the bounding box holds every point within the radius', () => {
    const centre = { lat: 52.52, lon: 13.405 };
    const box = boundingBox(centre, 50);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const rad = (bearing * Math.PI) / 180;
      const point = {
        lat: centre.lat + (49.9 / 111.2) * Math.cos(rad),
        lon: centre.lon + (49.9 / (111.32 * Math.cos((centre.lat * Math.PI) / 180))) * Math.sin(rad),
      };
      if (distanceKm(centre, point) > 50) continue;
      expect(point.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(point.lat).toBeLessThanOrEqual(box.maxLat);
      expect(point.lon).toBeGreaterThanOrEqual(box.minLon);
      expect(point.lon).toBeLessThanOrEqual(box.maxLon);
    }
  });
});
