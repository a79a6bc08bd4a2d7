/**
 * Technical data of what the demo shop sells: real-world values for each cord type and
 * accessory family. Texts live in vocabulary/; this file holds numbers and structure.
 */
import type { AccessoryShape } from './drawing/accessory-image.ts';
import type { SwatchKind } from './drawing/cord-swatch.ts';

export interface CordType {
  /** matches vocabulary/catalogue-text.ts productTypes[].code */
  code: string;
  skuPrefix: string;
  swatchKind: SwatchKind;
  /** products at scale 1 (one per colour or pattern) */
  designCount: number;
  /** which patterns this cord comes in */
  patterns: 'all' | 'solid' | 'solid-and-two-colour';
  diameterMm: number;
  breakingStrengthKg: number;
  strands: number;
  material: string;
  coreMaterial: string;
  construction: string;
  maxContinuousLengthM: number;
  gramsPerMetre: number;
  hsTariffNumber: string;
  /** EUR cents per metre excl. VAT for the shortest length */
  centsPerMetre: number;
  /** lengths in metres sold as variants; empty = sold per metre, cut to length */
  lengthsM: readonly number[];
  /** the spec attribute whose option names this cord type (the option code is the type's code) */
  typeAttribute?: 'paracord_type' | 'other_cord_types' | 'ppm_type';
  hasSample: boolean;
}

const paracordLengths = [5, 10, 15, 30, 50, 100] as const;
const nylon = { material: 'nylon', coreMaterial: 'nylon', construction: 'kernmantle' } as const;
const paracordHs = '5607 50 90';

export const cordTypes: readonly CordType[] = [
  {
    code: 'paracord-550',
    skuPrefix: 'PC550',
    swatchKind: 'cord',
    designCount: 1300,
    patterns: 'all',
    diameterMm: 4,
    breakingStrengthKg: 250,
    strands: 7,
    ...nylon,
    maxContinuousLengthM: 300,
    gramsPerMetre: 6,
    hsTariffNumber: paracordHs,
    centsPerMetre: 39,
    lengthsM: paracordLengths,
    typeAttribute: 'paracord_type',
    hasSample: true,
  },
  {
    code: 'paracord-425',
    skuPrefix: 'PC425',
    swatchKind: 'cord',
    designCount: 400,
    patterns: 'all',
    diameterMm: 3,
    breakingStrengthKg: 193,
    strands: 5,
    ...nylon,
    maxContinuousLengthM: 300,
    gramsPerMetre: 4,
    hsTariffNumber: paracordHs,
    centsPerMetre: 35,
    lengthsM: paracordLengths,
    typeAttribute: 'paracord_type',
    hasSample: true,
  },
  {
    code: 'paracord-275',
    skuPrefix: 'PC275',
    swatchKind: 'cord',
    designCount: 400,
    patterns: 'all',
    diameterMm: 2.3,
    breakingStrengthKg: 125,
    strands: 5,
    ...nylon,
    maxContinuousLengthM: 300,
    gramsPerMetre: 3,
    hsTariffNumber: paracordHs,
    centsPerMetre: 29,
    lengthsM: paracordLengths,
    typeAttribute: 'paracord_type',
    hasSample: true,
  },
  {
    code: 'paracord-95',
    skuPrefix: 'PC95',
    swatchKind: 'cord',
    designCount: 300,
    patterns: 'solid-and-two-colour',
    diameterMm: 1.18,
    breakingStrengthKg: 43,
    strands: 1,
    ...nylon,
    maxContinuousLengthM: 250,
    gramsPerMetre: 1,
    hsTariffNumber: paracordHs,
    centsPerMetre: 19,
    lengthsM: [10, 25, 50, 100],
    typeAttribute: 'paracord_type',
    hasSample: false,
  },
  {
    code: 'nano-cord',
    skuPrefix: 'NANO',
    swatchKind: 'cord',
    designCount: 200,
    patterns: 'solid-and-two-colour',
    diameterMm: 0.75,
    breakingStrengthKg: 16,
    strands: 0,
    material: 'nylon',
    coreMaterial: 'nylon',
    construction: 'solid-braid',
    maxContinuousLengthM: 300,
    gramsPerMetre: 1,
    hsTariffNumber: paracordHs,
    centsPerMetre: 15,
    lengthsM: [10, 25, 50, 100],
    typeAttribute: 'paracord_type',
    hasSample: false,
  },
  {
    code: 'climbing-rope',
    skuPrefix: 'CLR',
    swatchKind: 'rope',
    designCount: 80,
    patterns: 'solid-and-two-colour',
    diameterMm: 10,
    breakingStrengthKg: 2200,
    strands: 0,
    material: 'nylon',
    coreMaterial: 'nylon',
    construction: 'kernmantle',
    maxContinuousLengthM: 200,
    gramsPerMetre: 64,
    hsTariffNumber: '5607 50 11',
    centsPerMetre: 189,
    lengthsM: [],
    typeAttribute: 'other_cord_types',
    hasSample: true,
  },
  {
    code: 'kernmantle-4mm',
    skuPrefix: 'KM4',
    swatchKind: 'cord',
    designCount: 150,
    patterns: 'solid-and-two-colour',
    diameterMm: 4,
    breakingStrengthKg: 380,
    strands: 0,
    material: 'polyester',
    coreMaterial: 'polyester',
    construction: 'kernmantle',
    maxContinuousLengthM: 200,
    gramsPerMetre: 11,
    hsTariffNumber: '5607 50 90',
    centsPerMetre: 49,
    lengthsM: [],
    typeAttribute: 'other_cord_types',
    hasSample: true,
  },
  {
    code: 'shock-cord',
    skuPrefix: 'SHK',
    swatchKind: 'cord',
    designCount: 150,
    patterns: 'solid-and-two-colour',
    diameterMm: 5,
    breakingStrengthKg: 90,
    strands: 0,
    material: 'polyester',
    coreMaterial: 'natural-rubber',
    construction: 'braided-16-plait',
    maxContinuousLengthM: 100,
    gramsPerMetre: 19,
    hsTariffNumber: '5604 10 00',
    centsPerMetre: 59,
    lengthsM: [5, 10, 25, 50],
    typeAttribute: 'other_cord_types',
    hasSample: true,
  },
  {
    code: 'ppm-rope',
    skuPrefix: 'PPM',
    swatchKind: 'rope',
    designCount: 200,
    patterns: 'solid-and-two-colour',
    diameterMm: 8,
    breakingStrengthKg: 900,
    strands: 3,
    material: 'polypropylene',
    coreMaterial: 'polypropylene',
    construction: 'twisted-3-strand',
    maxContinuousLengthM: 220,
    gramsPerMetre: 30,
    hsTariffNumber: '5607 49 19',
    centsPerMetre: 89,
    lengthsM: [],
    typeAttribute: 'ppm_type',
    hasSample: true,
  },
  {
    code: 'polypropylene-rope',
    skuPrefix: 'PPR',
    swatchKind: 'rope',
    designCount: 80,
    patterns: 'solid-and-two-colour',
    diameterMm: 10,
    breakingStrengthKg: 1400,
    strands: 3,
    material: 'polypropylene',
    coreMaterial: 'polypropylene',
    construction: 'twisted-3-strand',
    maxContinuousLengthM: 220,
    gramsPerMetre: 46,
    hsTariffNumber: '5607 49 19',
    centsPerMetre: 79,
    lengthsM: [],
    typeAttribute: 'other_cord_types',
    hasSample: true,
  },
  {
    code: 'cotton-rope',
    skuPrefix: 'COT',
    swatchKind: 'rope',
    designCount: 80,
    patterns: 'solid-and-two-colour',
    diameterMm: 6,
    breakingStrengthKg: 320,
    strands: 0,
    material: 'cotton',
    coreMaterial: 'cotton',
    construction: 'braided-8-plait',
    maxContinuousLengthM: 200,
    gramsPerMetre: 24,
    hsTariffNumber: '5607 90 90',
    centsPerMetre: 69,
    lengthsM: [],
    typeAttribute: 'other_cord_types',
    hasSample: true,
  },
  {
    code: 'dog-leash-rope',
    skuPrefix: 'DLR',
    swatchKind: 'rope',
    designCount: 200,
    patterns: 'solid-and-two-colour',
    diameterMm: 10,
    breakingStrengthKg: 1600,
    strands: 0,
    material: 'polyester',
    coreMaterial: 'polyester',
    construction: 'braided-16-plait',
    maxContinuousLengthM: 200,
    gramsPerMetre: 62,
    hsTariffNumber: '5607 50 11',
    centsPerMetre: 149,
    lengthsM: [],
    typeAttribute: 'other_cord_types',
    hasSample: true,
  },
  {
    code: 'biothane-webbing',
    skuPrefix: 'BIO',
    swatchKind: 'flat',
    designCount: 48,
    patterns: 'solid',
    diameterMm: 3,
    breakingStrengthKg: 450,
    strands: 0,
    material: 'biothane-coated-polyester',
    coreMaterial: 'polyester',
    construction: 'solid-braid',
    maxContinuousLengthM: 100,
    gramsPerMetre: 45,
    hsTariffNumber: '3921 90 60',
    centsPerMetre: 229,
    lengthsM: [],
    hasSample: true,
  },
  {
    code: 'leather-cord',
    skuPrefix: 'LTH',
    swatchKind: 'cord',
    designCount: 40,
    patterns: 'solid',
    diameterMm: 3,
    breakingStrengthKg: 40,
    strands: 0,
    material: 'leather',
    coreMaterial: 'leather',
    construction: 'solid-braid',
    maxContinuousLengthM: 50,
    gramsPerMetre: 9,
    hsTariffNumber: '4205 00 90',
    centsPerMetre: 99,
    lengthsM: [2, 5, 10, 25],
    hasSample: true,
  },
];

export interface AccessoryType {
  /** also the shape its picture is drawn in */
  code: Exclude<AccessoryShape, 'kit'>;
  skuPrefix: string;
  /** configurable attribute whose options are this accessory's variants */
  option: { attribute: string; values: readonly { code: string; sortValue: number; label: string }[] };
  /** colours (base colour codes) it is made in; one product each */
  colours: readonly string[];
  metal: string | null;
  baseCents: number;
  /** price added per step up the option list */
  stepCents: number;
  weightGrams: number;
  lengthMm: number | null;
  buckleType?: string;
  hsTariffNumber: string;
}

const plasticColours = [
  'black',
  'white',
  'olive-drab',
  'coyote-brown',
  'red',
  'navy-blue',
  'neon-orange',
  'neon-green',
  'royal-blue',
  'purple',
  'neon-pink',
  'tan',
  'foliage-green',
  'charcoal-grey',
  'turquoise',
  'neon-yellow',
];
const metalColours = ['silver-grey', 'black', 'gold', 'copper', 'graphite', 'chocolate-brown'];
const sizes = (attribute: string, values: readonly number[], unit: string) => ({
  attribute,
  values: values.map((v) => ({ code: `${String(v).replace('.', '-')}${unit}`, sortValue: v, label: `${v} ${unit}` })),
});
const packs = {
  attribute: 'unit_type',
  values: [
    { code: 'pack-of-5', sortValue: 5, label: '' },
    { code: 'pack-of-10', sortValue: 10, label: '' },
    { code: 'pack-of-25', sortValue: 25, label: '' },
  ],
};

export const accessoryTypes: readonly AccessoryType[] = [
  {
    code: 'side-release-buckle',
    skuPrefix: 'BKL',
    option: sizes('feed_through_size', [10, 15, 20, 25], 'mm'),
    colours: plasticColours,
    metal: null,
    baseCents: 45,
    stepCents: 15,
    weightGrams: 4,
    lengthMm: 48,
    buckleType: 'side-release',
    hsTariffNumber: '3926 90 97',
  },
  {
    code: 'snap-hook',
    skuPrefix: 'SNP',
    option: sizes('snap_hook_size', [50, 60, 70, 90], 'mm'),
    colours: metalColours,
    metal: 'zinc-alloy',
    baseCents: 129,
    stepCents: 40,
    weightGrams: 22,
    lengthMm: 60,
    hsTariffNumber: '8308 90 00',
  },
  {
    code: 'double-cap-rivet',
    skuPrefix: 'RIV',
    option: sizes('rivetsize', [6, 8, 10, 12], 'mm'),
    colours: metalColours,
    metal: 'brass',
    baseCents: 199,
    stepCents: 50,
    weightGrams: 2,
    lengthMm: 8,
    hsTariffNumber: '7318 23 00',
  },
  {
    code: 'chicago-screw',
    skuPrefix: 'CHS',
    option: sizes('screw_size', [5, 8, 10, 14], 'mm'),
    colours: metalColours,
    metal: 'stainless-steel',
    baseCents: 249,
    stepCents: 60,
    weightGrams: 3,
    lengthMm: 10,
    hsTariffNumber: '7318 15 88',
  },
  {
    code: 'slide-bead',
    skuPrefix: 'SLB',
    option: {
      attribute: 'symbol_slide_beads',
      values: ['anchor', 'skull', 'heart', 'paw', 'star', 'compass'].map((code, i) => ({ code, sortValue: i, label: '' })),
    },
    colours: metalColours,
    metal: 'zinc-alloy',
    baseCents: 149,
    stepCents: 0,
    weightGrams: 5,
    lengthMm: 12,
    hsTariffNumber: '7117 19 00',
  },
  {
    code: 'cord-end',
    skuPrefix: 'CEN',
    option: packs,
    colours: metalColours,
    metal: 'aluminium',
    baseCents: 299,
    stepCents: 350,
    weightGrams: 3,
    lengthMm: 14,
    hsTariffNumber: '7616 99 90',
  },
  {
    code: 'carabiner',
    skuPrefix: 'CRB',
    option: sizes('accessory_size', [40, 60, 80], 'mm'),
    colours: metalColours,
    metal: 'aluminium',
    baseCents: 179,
    stepCents: 70,
    weightGrams: 18,
    lengthMm: 60,
    hsTariffNumber: '7616 99 90',
  },
  {
    code: 'split-ring',
    skuPrefix: 'SPR',
    option: packs,
    colours: metalColours,
    metal: 'stainless-steel',
    baseCents: 199,
    stepCents: 250,
    weightGrams: 2,
    lengthMm: 25,
    hsTariffNumber: '7326 20 00',
  },
  {
    code: 'leather-strap',
    skuPrefix: 'LST',
    option: sizes('strap_width', [10, 15, 20, 25], 'mm'),
    colours: ['black', 'chocolate-brown', 'tan', 'coyote-brown', 'burgundy', 'navy-blue', 'olive-drab', 'cream'],
    metal: null,
    baseCents: 399,
    stepCents: 100,
    weightGrams: 30,
    lengthMm: 1000,
    hsTariffNumber: '4205 00 90',
  },
  {
    code: 'paracord-needle',
    skuPrefix: 'NDL',
    option: sizes('accessory_size', [76, 102, 127], 'mm'),
    colours: ['silver-grey', 'black'],
    metal: 'stainless-steel',
    baseCents: 249,
    stepCents: 50,
    weightGrams: 6,
    lengthMm: 102,
    hsTariffNumber: '7319 90 90',
  },
  {
    code: 'fid',
    skuPrefix: 'FID',
    option: sizes('accessory_size', [80, 120, 160], 'mm'),
    colours: ['silver-grey', 'black', 'gold'],
    metal: 'aluminium',
    baseCents: 399,
    stepCents: 100,
    weightGrams: 12,
    lengthMm: 120,
    hsTariffNumber: '8205 59 80',
  },
  {
    code: 'jig',
    skuPrefix: 'JIG',
    option: sizes('accessory_size', [30, 45], 'cm'),
    colours: ['black', 'silver-grey'],
    metal: 'aluminium',
    baseCents: 1995,
    stepCents: 800,
    weightGrams: 420,
    lengthMm: 300,
    hsTariffNumber: '8205 70 00',
  },
  {
    code: 'lighter',
    skuPrefix: 'LGT',
    option: { attribute: 'unit_type', values: [{ code: 'piece', sortValue: 1, label: '' }] },
    colours: ['black', 'red', 'navy-blue', 'olive-drab'],
    metal: null,
    baseCents: 1295,
    stepCents: 0,
    weightGrams: 85,
    lengthMm: 80,
    hsTariffNumber: '9613 80 00',
  },
];

/** DIY kits are made from paracord; each kit design is a two-colour combination. */
export interface KitType {
  code: string;
  skuPrefix: string;
  designCount: number;
  cents: number;
  weightGrams: number;
}

export const kitTypes: readonly KitType[] = [
  { code: 'bracelet-kit', skuPrefix: 'KBR', designCount: 24, cents: 995, weightGrams: 60 },
  { code: 'dog-leash-kit', skuPrefix: 'KDL', designCount: 16, cents: 2495, weightGrams: 260 },
  { code: 'keychain-kit', skuPrefix: 'KKC', designCount: 16, cents: 695, weightGrams: 30 },
];
