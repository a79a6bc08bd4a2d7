/**
 * The spec's filter keys that only some ranges have (issue 19): leather grade, thickness and
 * quality, webbing thickness, strap length, inner size and the cord a part takes, the paracord
 * family, the surface and the main product group. Values follow from the product's type and its
 * place in the range (no random draws, so the rest of the generated catalogue stays the same).
 */
import type { PlannedAttribute, PlannedSpec } from './catalogue-plan.ts';

type Definition = Omit<PlannedAttribute, 'labels' | 'position' | 'options'> & { optionCodes: readonly string[] };

/** The attributes, in the order their facets are offered; select options in shop order. */
export const facetAttributes: readonly Definition[] = [
  {
    code: 'product_main_group',
    valueType: 'select',
    isFilterable: true,
    isConfigurable: false,
    optionCodes: ['cord-and-rope', 'webbing', 'leather-goods', 'accessories', 'tools', 'kits'],
  },
  { code: 'paracord_family', valueType: 'select', isFilterable: true, isConfigurable: false, optionCodes: ['paracord', 'micro-cord', 'nano-cord'] },
  {
    code: 'surface_family',
    valueType: 'select',
    isFilterable: true,
    isConfigurable: false,
    optionCodes: ['matte', 'glossy', 'reflective', 'glow', 'smooth', 'suede'],
  },
  { code: 'leather_grade', valueType: 'select', isFilterable: true, isConfigurable: false, optionCodes: ['full-grain', 'top-grain', 'split-leather'] },
  { code: 'nappa_basic', valueType: 'select', isFilterable: true, isConfigurable: false, optionCodes: ['nappa', 'basic'] },
  { code: 'leather_thickness', valueType: 'number', unit: 'mm', isFilterable: true, isConfigurable: false, optionCodes: [] },
  { code: 'material_thickness', valueType: 'number', unit: 'mm', isFilterable: true, isConfigurable: false, optionCodes: [] },
  { code: 'strap_length', valueType: 'number', unit: 'm', isFilterable: true, isConfigurable: false, optionCodes: [] },
  { code: 'innersize', valueType: 'number', unit: 'mm', isFilterable: true, isConfigurable: false, optionCodes: [] },
  {
    code: 'feed_through',
    valueType: 'select',
    isFilterable: true,
    isConfigurable: false,
    optionCodes: ['cord-275', 'cord-425', 'cord-550', 'cord-550-double'],
  },
];

/** The n-th of a list, round and round: the products of a range take turns. */
const nth = <T>(list: readonly T[], index: number): T => list[index % list.length]!;

const paracordFamilies: Record<string, string> = {
  'paracord-550': 'paracord',
  'paracord-425': 'paracord',
  'paracord-275': 'paracord',
  'paracord-95': 'micro-cord',
  'nano-cord': 'nano-cord',
};

/** Cord, rope and webbing sold by design: index is the design's place in its type's range. */
export function cordFacetSpecs(typeCode: string, patternCode: string, index: number): PlannedSpec[] {
  const family = paracordFamilies[typeCode];
  if (typeCode === 'biothane-webbing') {
    // BioThane comes glossy (Beta) or matte (Pro), 2.5 to 4 mm thick.
    return [
      { attribute: 'product_main_group', option: 'webbing' },
      { attribute: 'surface_family', option: nth(['glossy', 'matte'], index) },
      { attribute: 'material_thickness', number: nth([2.5, 3, 4], index) },
    ];
  }
  if (typeCode === 'leather-cord') {
    return [
      { attribute: 'product_main_group', option: 'leather-goods' },
      { attribute: 'surface_family', option: nth(['smooth', 'smooth', 'suede'], index) },
      { attribute: 'leather_grade', option: nth(['top-grain', 'full-grain', 'split-leather'], index) },
      { attribute: 'nappa_basic', option: nth(['basic', 'nappa'], index) },
    ];
  }
  const surface = patternCode === 'reflective' || patternCode === 'glow' ? patternCode : 'matte';
  return [
    { attribute: 'product_main_group', option: 'cord-and-rope' },
    { attribute: 'surface_family', option: surface },
    ...(family ? [{ attribute: 'paracord_family', option: family }] : []),
  ];
}

const tools = new Set(['paracord-needle', 'fid', 'jig', 'lighter']);

/** Accessories and tools: index is the colour's place in the accessory's range. */
export function accessoryFacetSpecs(accessoryCode: string, index: number): PlannedSpec[] {
  switch (accessoryCode) {
    case 'leather-strap':
      return [
        { attribute: 'product_main_group', option: 'leather-goods' },
        { attribute: 'surface_family', option: nth(['smooth', 'smooth', 'smooth', 'suede'], index) },
        { attribute: 'leather_grade', option: nth(['full-grain', 'top-grain'], index) },
        { attribute: 'nappa_basic', option: nth(['nappa', 'basic'], index) },
        { attribute: 'leather_thickness', number: nth([2, 2.5, 3, 3.5], index) },
        { attribute: 'strap_length', number: nth([1, 1.2, 1.5], index) },
      ];
    case 'side-release-buckle':
      return [
        { attribute: 'product_main_group', option: 'accessories' },
        { attribute: 'feed_through', option: nth(['cord-550', 'cord-550-double'], index) },
      ];
    case 'slide-bead':
      return [
        { attribute: 'product_main_group', option: 'accessories' },
        { attribute: 'innersize', number: nth([5, 6], index) },
        { attribute: 'feed_through', option: nth(['cord-550', 'cord-550-double'], index) },
      ];
    case 'cord-end':
      // 3 mm inside takes 425 paracord, 4 mm takes 550.
      return [
        { attribute: 'product_main_group', option: 'accessories' },
        { attribute: 'innersize', number: nth([4, 3], index) },
        { attribute: 'feed_through', option: nth(['cord-550', 'cord-425'], index) },
      ];
    case 'split-ring':
      return [
        { attribute: 'product_main_group', option: 'accessories' },
        { attribute: 'innersize', number: nth([15, 20, 25], index) },
      ];
    case 'paracord-needle':
      return [
        { attribute: 'product_main_group', option: 'tools' },
        { attribute: 'feed_through', option: nth(['cord-550', 'cord-275'], index) },
      ];
    default:
      return [{ attribute: 'product_main_group', option: tools.has(accessoryCode) ? 'tools' : 'accessories' }];
  }
}

/** DIY kits: a dog leash kit makes a leash of its strap length. */
export function kitFacetSpecs(kitCode: string, index: number): PlannedSpec[] {
  return [
    { attribute: 'product_main_group', option: 'kits' },
    ...(kitCode === 'dog-leash-kit' ? [{ attribute: 'strap_length', number: nth([1.2, 1.5, 1.8, 2], index) }] : []),
  ];
}
