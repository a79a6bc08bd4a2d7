import { describe, expect, it } from 'vitest';
import { expectedDeliveryDate } from './delivery-dates.server.ts';

const at = (iso: string) => new Date(iso);

describe('expected delivery dates', () => {
  it('ships the same working day before 15:00 in Amsterdam, else the next one', () => {
    expect(expectedDeliveryDate('home_delivery', 'NL', at('2026-11-23T09:00:00Z'))).toBe('2026-11-24'); // Monday 10:00
    expect(expectedDeliveryDate('home_delivery', 'NL', at('2026-11-23T15:00:00Z'))).toBe('2026-11-25'); // Monday 16:00
    expect(expectedDeliveryDate('home_delivery', 'NL', at('2026-11-27T15:00:00Z'))).toBe('2026-12-01'); // Friday 16:00
  });

  it('has warehouse pickups ready on the next working day', () => {
    expect(expectedDeliveryDate('warehouse_pickup', 'NL', at('2026-11-23T15:00:00Z'))).toBe('2026-11-24');
    expect(expectedDeliveryDate('warehouse_pickup', 'NL', at('2026-11-27T15:00:00Z'))).toBe('2026-11-30');
  });

  it('skips the public holidays of the Netherlands and of the destination', () => {
    // Christmas in the Netherlands: 25 and 26 December.
    expect(expectedDeliveryDate('home_delivery', 'NL', at('2026-12-24T09:00:00Z'))).toBe('2026-12-28');
    // Thanksgiving in the United States (26 November) is not a delivery day.
    expect(expectedDeliveryDate('home_delivery', 'US', at('2026-11-23T09:00:00Z'))).toBe('2026-12-02');
    expect(expectedDeliveryDate('home_delivery', 'DE', at('2026-11-23T09:00:00Z'))).toBe('2026-11-25');
  });

  it('gives no date for a country without a holiday calendar', () => {
    expect(expectedDeliveryDate('home_delivery', 'XX', at('2026-11-23T09:00:00Z'))).toBeNull();
  });
});
