import { describe, expect, it } from 'vitest';
import { hasMalformedPath, malformedTargetStandIn } from './request-target.ts';

describe('request targets', () => {
  it('tells a path that cannot be decoded from one that can, whatever the query says', () => {
    for (const target of ['/%zz', '/en/%zz', '/en-us/%E0%A4%A', '/images/%', '/en/%C3%28', '/en/paracord/%zz?x=1'])
      expect(hasMalformedPath(target), target).toBe(true);
    for (const target of ['/', '/en/paracord', '/en/p%C3%A4racord', '/en/%25zz', '/en/search?q=%zz', '/en?x=%E0%A4%A'])
      expect(hasMalformedPath(target), target).toBe(false);
  });

  it('stands in a decodable path of the store that no page has, keeping a data request a data request', () => {
    expect(malformedTargetStandIn('/en/paracord/%zz?page=2', 'en')).toBe('/en/%25');
    expect(malformedTargetStandIn('/en/%zz.data?_routes=root', 'de-de')).toBe('/de-de/%25.data');
    expect(hasMalformedPath(malformedTargetStandIn('/%zz', 'en-us'))).toBe(false);
  });
});
