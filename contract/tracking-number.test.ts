import { describe, expect, it } from 'vitest';
import { CARRIERS, type Carrier, TRACKING_NO_PATTERN } from './machines/order';
import { CARRIER_TRACKING_FORMATS, trackingNumberFitsCarrier } from './tracking-number';

describe('tracking numbers against their carrier', () => {
  it.each<[Carrier, string, boolean]>([
    ['SF', 'SF1234567890123', true],
    ['SF', 'sf1234567890123', true],
    ['SF', ' SF1234567890123 ', true],
    ['SF', 'SF123456789012', false],
    ['SF', '75312345678901', false],
    ['ZTO', '75312345678901', true],
    ['ZTO', '731234567890', true],
    ['ZTO', '731234567890123', true],
    ['ZTO', 'SF1234567890123', false],
    ['ZTO', '7312345678901', false],
    ['ZTO', 'ZT1234567890', false],
    ['YTO', 'YT1234567890123', true],
    ['YTO', '75312345678901', false],
    ['STO', '7712345678901', true],
    ['STO', 'JT1234567890123', false],
    ['YD', '4312345678901', true],
    ['YD', '431234567890123', true],
    ['YD', '43123456789012', false],
    ['JT', 'JT1234567890123', true],
    ['JT', 'SF1234567890123', false],
    ['EMS', '1123456789012', true],
    ['EMS', 'EA123456789CN', true],
    ['EMS', 'EA12345678CN', false],
    ['JD', 'JDVA12345678901', true],
    ['JD', 'JD12', false],
    ['DBL', 'DPK123456789012', true],
    ['self', '', true],
  ])('%s %o → %o', (carrier, trackingNo, fits) => {
    expect(trackingNumberFitsCarrier(carrier, trackingNo)).toBe(fits);
  });

  it('gives every known carrier an example that fits both its own pattern and the general one', () => {
    for (const carrier of CARRIERS) {
      const format = CARRIER_TRACKING_FORMATS[carrier];
      if (!format) continue;
      expect(format.pattern.test(format.example), carrier).toBe(true);
      expect(TRACKING_NO_PATTERN.test(format.example), carrier).toBe(true);
    }
  });
});
