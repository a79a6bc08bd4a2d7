/**
 * Product swatches for the shop: a square SVG that looks like a close-up photo
 * of braided cord (or rope, or flat webbing) in the product's colours and
 * pattern. Pure and deterministic: the same input always gives the same string.
 *
 * Every length of cord is drawn in its own frame: x runs along the cord, y across
 * it (from -r to r). A length is built from
 *   1. a drop shadow (blurred silhouette, offset in picture space),
 *   2. a colour layer (how the pattern spreads the colours over the sheath),
 *   3. a texture overlay (a <pattern> of braided plaits, or a twill weave),
 *   4. cylindrical shading (a linearGradient across the width) and an outline.
 */

export type SwatchPattern = 'solid' | 'camo' | 'stripes' | 'diamond' | 'snake' | 'spiral' | 'tracer' | 'reflective' | 'glow';
export type SwatchKind = 'cord' | 'rope' | 'flat';

export interface CordSwatchInput {
  /** '#rrggbb', one or two of them; the first is the main colour. */
  colours: readonly string[];
  pattern: SwatchPattern;
  /** Deterministic variation of layout and blotches. */
  seed: number;
  /** 'flat' is webbing or a leather strap. */
  kind?: SwatchKind;
}

const SIZE = 800;

// ---------------------------------------------------------------- numbers

/** A short decimal for SVG attributes. */
function n(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** mulberry32: a tiny seeded PRNG giving numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function between(random: Random, low: number, high: number): number {
  return low + (high - low) * random();
}

// ---------------------------------------------------------------- colours

type Rgb = readonly [number, number, number];

function parseColour(value: string | undefined): Rgb | undefined {
  if (value === undefined) return undefined;
  const long = /^#?([0-9a-f]{6})$/i.exec(value.trim());
  if (long?.[1] !== undefined) {
    const hex = long[1];
    return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)];
  }
  const short = /^#?([0-9a-f]{3})$/i.exec(value.trim());
  if (short?.[1] !== undefined) {
    const hex = short[1];
    return [parseInt(hex[0]! + hex[0]!, 16), parseInt(hex[1]! + hex[1]!, 16), parseInt(hex[2]! + hex[2]!, 16)];
  }
  return undefined;
}

function hex(colour: Rgb): string {
  return `#${colour
    .map((channel) =>
      Math.max(0, Math.min(255, Math.round(channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/** Relative luminance, 0 (black) to 1 (white). */
function luminance(colour: Rgb): number {
  const linear = colour.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * linear[0]! + 0.7152 * linear[1]! + 0.0722 * linear[2]!;
}

/** A second colour that differs visibly from the first (used when only one is given). */
function partner(colour: Rgb): Rgb {
  return luminance(colour) > 0.18 ? mix(colour, BLACK, 0.55) : mix(colour, WHITE, 0.6);
}

// ---------------------------------------------------------------- geometry of one kind

interface Geometry {
  kind: SwatchKind;
  /** Width of a length of cord, in px. */
  width: number;
  /** Distance between rows of plaits along the cord. */
  pitch: number;
  /** Plait columns on the visible half of the sheath. */
  columns: number;
  /** How many lengths cross the frame. */
  count: readonly [number, number];
  /** Gap between neighbouring lengths, as a multiple of the width. */
  spacing: readonly [number, number];
}

const geometries: Record<SwatchKind, Geometry> = {
  cord: { kind: 'cord', width: 100, pitch: 15, columns: 6, count: [3, 4], spacing: [1.5, 1.85] },
  rope: { kind: 'rope', width: 172, pitch: 22, columns: 9, count: [2, 3], spacing: [1.25, 1.45] },
  flat: { kind: 'flat', width: 150, pitch: 12, columns: 0, count: [2, 3], spacing: [1.3, 1.55] },
};

/** Half the length of the silhouette: long enough to cross the frame from any placement used here. */
const HALF_LENGTH = 960;

// ---------------------------------------------------------------- defs

function backgroundDefs(): string {
  return (
    '<radialGradient id="bg" cx="46%" cy="42%" r="75%">' +
    '<stop offset="0" stop-color="#f5f3ee"/><stop offset=".55" stop-color="#ebe7e0"/><stop offset="1" stop-color="#d0cac0"/>' +
    '</radialGradient>' +
    '<radialGradient id="vig" cx="50%" cy="48%" r="72%">' +
    '<stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".16"/>' +
    '</radialGradient>' +
    '<filter id="grain" x="0" y="0" width="100%" height="100%">' +
    '<feTurbulence type="fractalNoise" baseFrequency=".85" numOctaves="2" seed="3"/>' +
    '<feColorMatrix values="0 0 0 0 .45 0 0 0 0 .42 0 0 0 0 .38 0 0 0 .09 0"/>' +
    '</filter>' +
    '<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="11"/></filter>' +
    '<filter id="contact" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="3"/></filter>'
  );
}

/** The outline of one length: scalloped edges for braid, straight ones for webbing. */
function silhouette(geometry: Geometry): string {
  const r = geometry.width / 2;
  const L = HALF_LENGTH;
  if (geometry.kind === 'flat') {
    return `<path id="sil" d="M${-L} ${n(-r)}H${L}V${n(r)}H${-L}Z"/>`;
  }
  // Bumps peak where the plaits of the outermost columns sit.
  const p = geometry.pitch;
  const bump = geometry.kind === 'rope' ? 1.6 : 1.1;
  const steps = 2 * Math.ceil(L / p);
  const start = -(steps / 2) * p;
  const bottomShift = geometry.columns % 2 === 0 ? p / 2 : 0;
  let top = `M${n(start)} ${n(-r + bump)}q${n(p / 2)} ${n(-2 * bump)} ${n(p)} 0`;
  for (let i = 1; i < steps; i++) top += `t${n(p)} 0`;
  let bottom = `L${n(start + steps * p + bottomShift)} ${n(r - bump)}q${n(-p / 2)} ${n(2 * bump)} ${n(-p)} 0`;
  for (let i = 1; i < steps; i++) bottom += `t${n(-p)} 0`;
  return `<path id="sil" d="${top}${bottom}Z"/>`;
}

/** Geometry of the plait columns across the visible half of the sheath (foreshortened towards the edges). */
interface PlaitColumn {
  top: number;
  bottom: number;
  /** Offset of the plaits along the cord. */
  shift: number;
  /** Foreshortening, 1 in the middle of the cord. */
  squash: number;
  /** How far along the cord the gap between two plaits runs from the top to the bottom of the column. */
  slant: number;
}

function plaitColumns(geometry: Geometry): PlaitColumn[] {
  const r = geometry.width / 2;
  const cols = geometry.columns;
  const out: PlaitColumn[] = [];
  for (let k = 0; k < cols; k++) {
    const phiA = -Math.PI / 2 + (k * Math.PI) / cols;
    const phiB = phiA + Math.PI / cols;
    out.push({
      top: r * Math.sin(phiA),
      bottom: r * Math.sin(phiB),
      shift: k % 2 === 0 ? 0 : geometry.pitch / 2,
      squash: (r * (Math.sin(phiB) - Math.sin(phiA))) / ((Math.PI * r) / cols),
      slant: (k % 2 === 0 ? 1 : -1) * PLAIT_SLANT * geometry.pitch,
    });
  }
  return out;
}

/** Plaits lean so that the gap between two of them crosses this fraction of the pitch over the height of a column. */
const PLAIT_SLANT = 0.9;

/** A closed path through the points with rounded corners (t: how far along each edge the rounding starts). */
function roundedPolygon(points: ReadonlyArray<readonly [number, number]>, t: number): string {
  const count = points.length;
  const at = (i: number): readonly [number, number] => points[((i % count) + count) % count]!;
  const towards = (from: readonly [number, number], to: readonly [number, number]): string =>
    `${n(from[0] + (to[0] - from[0]) * t)} ${n(from[1] + (to[1] - from[1]) * t)}`;
  let d = `M${towards(at(0), at(1))}`;
  for (let i = 1; i <= count; i++) {
    const corner = at(i);
    d += `L${towards(corner, at(i - 1))}Q${n(corner[0])} ${n(corner[1])} ${towards(corner, at(i + 1))}`;
  }
  return `${d}Z`;
}

/**
 * Rows of plaits, leaning alternately column by column: the herringbone of a kernmantle sheath.
 * Plaits are parallelograms that tile each column (so their translucent shading never overlaps),
 * rounded and shaded so that each one bulges and dives under its neighbours at the ends.
 */
function braidTexture(geometry: Geometry, light: number): string {
  const r = geometry.width / 2;
  const p = geometry.pitch;
  const s = (Math.PI * r) / geometry.columns;
  const slant = PLAIT_SLANT * p;
  // Lighter cords need gentler grooves, or they turn grey; dark ones need a brighter sheen to show at all.
  const groove = light > 0.6 ? 0.28 : light > 0.05 ? 0.42 : 0.6;
  const rim = light > 0.6 ? 0.22 : light > 0.05 ? 0.34 : 0.45;
  const sheen = light > 0.6 ? 0.25 : light < 0.05 ? 0.3 : 0.2;
  const half = Math.hypot(slant, s) / 2;
  const thickness = (p * s) / (2 * half);
  const outline = (sign: number): Array<[number, number]> => {
    const lean = (sign * slant) / 2;
    return [
      [-p / 2 - lean, -s / 2],
      [p / 2 - lean, -s / 2],
      [p / 2 + lean, s / 2],
      [-p / 2 + lean, s / 2],
    ].map(([x, y]) => [x! * ROUNDING.inset, y! * ROUNDING.inset]);
  };
  let defs = '';
  for (const [id, sign] of [
    ['pa', 1],
    ['pb', -1],
  ] as const) {
    const angle = (Math.atan2(s, sign * slant) * 180) / Math.PI;
    // In the plait's own user space: an elliptical sheen along the plait, dark where it dives under its neighbours.
    defs +=
      `<radialGradient id="${id}g" gradientUnits="userSpaceOnUse" cx="0" cy="0" fx="0" fy="${n(-thickness * 0.3)}" r="${n(half * 0.95)}" ` +
      `gradientTransform="rotate(${n(angle)}) scale(1 ${(thickness / half).toFixed(3)})">` +
      `<stop offset="0" stop-color="#fff" stop-opacity="${sheen}"/>` +
      `<stop offset=".35" stop-color="#fff" stop-opacity="${(sheen * 0.35).toFixed(2)}"/>` +
      '<stop offset=".6" stop-color="#000" stop-opacity="0"/>' +
      `<stop offset=".85" stop-color="#000" stop-opacity="${(rim * 0.55).toFixed(2)}"/>` +
      `<stop offset="1" stop-color="#000" stop-opacity="${rim}"/>` +
      '</radialGradient>' +
      `<path id="${id}" d="${roundedPolygon(outline(sign), ROUNDING.corner)}" fill="url(#${id}g)"/>`;
  }
  let plaits = '';
  // Everything between the plaits, as one even-odd path: the tile minus every plait.
  let grooves = `M0 0H${p}V${geometry.width}H0Z`;
  plaitColumns(geometry).forEach((column, k) => {
    const y = (column.top + column.bottom) / 2 + r;
    const sign = k % 2 === 0 ? 1 : -1;
    for (const x of [column.shift - p, column.shift, column.shift + p]) {
      const cx = x + p / 2;
      plaits += `<use href="#${sign > 0 ? 'pa' : 'pb'}" transform="translate(${n(cx)} ${n(y)}) scale(1 ${column.squash.toFixed(3)})"/>`;
      grooves += roundedPolygon(
        outline(sign).map(([px, py]) => [cx + px, y + py * column.squash]),
        ROUNDING.corner,
      );
    }
  });
  return (
    defs +
    `<pattern id="tex" patternUnits="userSpaceOnUse" x="0" y="${n(-r)}" width="${p}" height="${geometry.width}">` +
    `<path d="${grooves}" fill="#000" fill-opacity="${groove}" fill-rule="evenodd"/>${plaits}</pattern>`
  );
}

/** How plaits are cut from their parallelogram: shrunk a little (the groove) and rounded at the corners. */
const ROUNDING = { inset: 0.94, corner: 0.36 };

/** Twill weave of webbing: lengthwise warp ribs crossed by a fine diagonal twill. */
function weaveTexture(): string {
  return (
    '<pattern id="tex" patternUnits="userSpaceOnUse" width="6" height="6">' +
    '<path d="M0 .8H6M0 3.8H6" stroke="#fff" stroke-opacity=".09" stroke-width="1"/>' +
    '<path d="M0 2.2H6M0 5.2H6" stroke="#000" stroke-opacity=".14" stroke-width="1.1"/>' +
    '<path d="M-1.5 1.5l3-3M0 6l6-6M4.5 7.5l3-3" stroke="#000" stroke-opacity=".12" stroke-width="1.2"/>' +
    '</pattern>'
  );
}

/** Shading across the width: cylindrical for cord and rope, nearly flat for webbing. Stronger highlights on dark colours. */
function shading(geometry: Geometry, main: Rgb): string {
  const light = luminance(main);
  const highlight = light < 0.05 ? 0.26 : light < 0.25 ? 0.2 : light < 0.6 ? 0.16 : 0.14;
  const edge = light > 0.6 ? 0.42 : light < 0.05 ? 0.72 : 0.52;
  const stops =
    geometry.kind === 'flat'
      ? [
          [0, '#000', 0.38],
          [0.05, '#fff', highlight * 0.7],
          [0.3, '#fff', highlight * 0.35],
          [0.7, '#000', 0.02],
          [0.95, '#000', 0.14],
          [1, '#000', 0.42],
        ]
      : [
          [0, '#000', edge],
          [0.1, '#000', edge * 0.5],
          [0.27, '#fff', highlight],
          [0.38, '#fff', highlight * 0.6],
          [0.55, '#000', 0],
          [0.76, '#000', edge * 0.35],
          [0.9, '#000', edge * 0.65],
          [1, '#000', Math.min(0.85, edge * 1.15)],
        ];
  const body = stops
    .map(([offset, colour, opacity]) => `<stop offset="${offset}" stop-color="${colour}" stop-opacity="${Number(opacity).toFixed(2)}"/>`)
    .join('');
  // In the user space of each length (y across the cord), so it does not depend on the painted box.
  const r = geometry.width / 2;
  return `<linearGradient id="shade" gradientUnits="userSpaceOnUse" x1="0" y1="${n(-r)}" x2="0" y2="${n(r)}">${body}</linearGradient>`;
}

// ---------------------------------------------------------------- colour layers

/**
 * The cells that carry one colour each: the plaits of a braid (so colour changes follow the plaits,
 * as in a real braided sheath), or a fine grid of picks on woven webbing.
 */
interface ColourRow {
  top: number;
  bottom: number;
  /** Offset of the cells along the cord. */
  shift: number;
  /** How far along the cord a cell's edge runs from the top to the bottom of the row. */
  slant: number;
  /** Length of one cell along the cord. */
  cell: number;
  /** Position round the cord (arc length from the middle line; plain y on webbing). */
  u: number;
}

interface Length {
  /** Range along the cord that is inside the frame. */
  from: number;
  to: number;
  r: number;
  pitch: number;
  flat: boolean;
  /** Half of the visible girth, in the same units as ColourRow.u. */
  uMax: number;
  /** Circumference in u units: how far a helix travels round the cord per turn (twice the width on webbing). */
  round: number;
  rows: readonly ColourRow[];
}

function makeLength(geometry: Geometry, from: number, to: number): Length {
  const r = geometry.width / 2;
  if (geometry.kind === 'flat') {
    const count = Math.round(geometry.width / 7.5);
    const height = geometry.width / count;
    const rows: ColourRow[] = [];
    for (let i = 0; i < count; i++) {
      const top = -r + i * height;
      rows.push({ top, bottom: top + height, shift: i % 2 === 0 ? 0 : 2.5, slant: 0, cell: 5, u: top + height / 2 });
    }
    return { from, to, r, pitch: geometry.pitch, flat: true, uMax: r, round: 4 * r, rows };
  }
  const rows = plaitColumns(geometry).map((column, k) => {
    const phi = -Math.PI / 2 + ((k + 0.5) * Math.PI) / geometry.columns;
    return { top: column.top, bottom: column.bottom, shift: column.shift, slant: column.slant, cell: geometry.pitch, u: r * phi };
  });
  return { from, to, r, pitch: geometry.pitch, flat: false, uMax: (Math.PI * r) / 2, round: 2 * Math.PI * r, rows };
}

/** Which colour (0 = main, 1, 2 …) a cell centred at x along the cord and u round it takes. */
type ColourRule = (x: number, u: number) => number;

/** Paths (one per colour beyond the main one) covering the cells of each colour, merged into runs along each row. */
function paintCells(length: Length, rule: ColourRule, palette: readonly string[]): string {
  const paths: string[] = palette.map(() => '');
  const r = length.r;
  length.rows.forEach((row, k) => {
    const top = k === 0 ? -r - 3 : row.top;
    const bottom = k === length.rows.length - 1 ? r + 3 : row.bottom;
    const lean = row.slant / 2;
    const first = Math.floor((length.from - row.shift) / row.cell) - 1;
    const last = Math.ceil((length.to - row.shift) / row.cell) + 1;
    let runStart = first;
    let runColour = -1;
    const close = (end: number): void => {
      if (runColour <= 0) return;
      const left = row.shift + runStart * row.cell;
      const right = row.shift + end * row.cell;
      paths[runColour] += `M${n(left - lean)} ${n(top)}H${n(right - lean)}L${n(right + lean)} ${n(bottom)}H${n(left + lean)}Z`;
    };
    for (let m = first; m <= last; m++) {
      const colour = rule(row.shift + (m + 0.5) * row.cell, row.u);
      if (colour !== runColour) {
        close(m);
        runStart = m;
        runColour = colour;
      }
    }
    close(last + 1);
  });
  return paths.map((d, i) => (d === '' ? '' : `<path d="${d}" fill="${palette[i]}"/>`)).join('');
}

function modulo(value: number, period: number): number {
  return ((value % period) + period) % period;
}

/** Bands along the cord. */
function stripesRule(length: Length, random: Random): ColourRule {
  const period = length.flat ? length.r * 2.4 : length.pitch * 8;
  const phase = period * random();
  return (x) => (modulo(x - phase, period) < period / 2 ? 1 : 0);
}

/** Irregular, overlapping blotches of two further tones. */
function camoRule(length: Length, random: Random): ColourRule {
  interface Blotch {
    x: number;
    u: number;
    rx: number;
    ru: number;
    colour: number;
    wobble: readonly number[];
  }
  const blotches: Blotch[] = [];
  const u = length.uMax;
  for (const [colour, spread, size] of [
    [1, 1.2, 1],
    [2, 1.5, 0.75],
  ] as const) {
    for (let x = length.from - length.r * 2; x < length.to + length.r * 2; x += length.r * spread * between(random, 0.7, 1.3)) {
      blotches.push({
        x: x + between(random, -0.3, 0.3) * length.r,
        u: between(random, -1.15, 1.15) * u,
        rx: length.r * size * between(random, 0.8, 1.6),
        ru: u * size * between(random, 0.35, 0.7),
        colour,
        wobble: [between(random, 0, 6.3), between(random, 0, 6.3), between(random, 0.15, 0.35)],
      });
    }
  }
  return (x, v) => {
    let colour = 0;
    for (const blotch of blotches) {
      const dx = (x - blotch.x) / blotch.rx;
      const du = (v - blotch.u) / blotch.ru;
      const distance = dx * dx + du * du;
      if (distance > 2) continue;
      const angle = Math.atan2(du, dx);
      const [a = 0, b = 0, depth = 0] = blotch.wobble;
      const edge = 1 + depth * Math.sin(3 * angle + a) + depth * 0.6 * Math.sin(5 * angle + b);
      if (distance < edge * edge) colour = blotch.colour;
    }
    return colour;
  };
}

/** A chain of diamonds in the second colour, each with a small diamond of the main colour inside. */
function diamondRule(length: Length, random: Random): ColourRule {
  const period = length.r * (length.flat ? 2.4 : 3.2);
  const phase = period * random();
  return (x, u) => {
    const dx = Math.abs(modulo(x - phase, period) - period / 2) / (period * 0.46);
    const distance = dx + Math.abs(u) / (length.uMax * 1.02);
    return distance <= 1 && distance > 0.42 ? 1 : 0;
  };
}

/** Staggered, rimmed scales along the cord, alternately on either side, like a snake's back. */
function snakeRule(length: Length, random: Random): ColourRule {
  const step = length.r * 1.15;
  const phase = step * random();
  const flip = random() < 0.5 ? 1 : -1;
  return (x, u) => {
    let colour = 0;
    const i = Math.round((x - phase) / step);
    for (const j of [i - 1, i, i + 1]) {
      const side = (j % 2 === 0 ? 1 : -1) * flip;
      const dx = (x - (phase + j * step)) / (step * 0.6);
      const du = (u - side * length.uMax * 0.42) / (length.uMax * 0.55);
      // A rounded diamond: between an ellipse and a rhombus.
      const distance = Math.abs(dx) ** 1.4 + Math.abs(du) ** 1.4;
      if (distance <= 1) colour = distance > 0.5 ? 2 : 1;
    }
    return colour;
  };
}

/** A broad band winding round the cord (a diagonal band on webbing). */
function spiralRule(length: Length, random: Random): ColourRule {
  const period = length.r * (length.flat ? 3.2 : 4.4);
  const phase = period * random();
  const slope = period / length.round;
  return (x, u) => (modulo(x - u * slope - phase, period) < period * 0.45 ? 1 : 0);
}

/** x of a helix on the visible side at height y: an S-curve on a cylinder, a straight diagonal on webbing. */
function helixX(length: Length, x0: number, period: number, y: number): number {
  const t = Math.max(-1, Math.min(1, y / length.r));
  return length.flat ? x0 + (period * t * length.r) / length.round : x0 + (period * Math.asin(t)) / (2 * Math.PI);
}

/** Start of a repeat so that repeats cover the visible range. */
function firstRepeat(length: Length, period: number, phase: number): number {
  return Math.floor((length.from - phase) / period) * period + phase - period;
}

/** Visible halves of thin helices, one path for all turns. */
function helixLines(length: Length, period: number, phase: number): string {
  let d = '';
  const steps = 10;
  for (let x0 = firstRepeat(length, period, phase); x0 < length.to + period; x0 += period) {
    for (let i = 0; i <= steps; i++) {
      const y = -length.r * 1.02 + (2.04 * length.r * i) / steps;
      d += `${i === 0 ? 'M' : 'L'}${n(helixX(length, x0, period, y))} ${n(y)}`;
    }
  }
  return d;
}

/** A thin tracer strand in the second colour: a dashed helix, as it weaves over and under. */
function tracer(length: Length, c2: string, random: Random): string {
  const period = length.r * 4.8;
  const d = helixLines(length, period, period * random());
  const dash = `${n(length.pitch * 1.3)} ${n(length.pitch * 0.55)}`;
  return `<path d="${d}" fill="none" stroke="${c2}" stroke-width="${n(length.r * 0.15)}" stroke-dasharray="${dash}" stroke-linecap="round"/>`;
}

/** Two silvery reflective tracers, with a bright core. */
function reflective(length: Length, phase: number, id: string): string {
  const period = length.r * 4.4;
  const d = helixLines(length, period, phase) + helixLines(length, period, phase + period / 2);
  const dash = `${n(length.pitch * 1.4)} ${n(length.pitch * 0.5)}`;
  const w = length.r * 0.15;
  // One path, stroked three times: a grey rim, the silvery tape and its bright core.
  return (
    `<g fill="none" stroke-dasharray="${dash}">` +
    `<path id="${id}" d="${d}"/>` +
    `<use href="#${id}" stroke="#6f767c" stroke-width="${n(w * 1.4)}" stroke-opacity=".5"/>` +
    `<use href="#${id}" stroke="#dde2e6" stroke-width="${n(w)}"/>` +
    `<use href="#${id}" stroke="#fff" stroke-width="${n(w * 0.45)}"/>` +
    '</g>'
  );
}

/** Glints where the reflective tracers cross the highlight: drawn over the shading. */
function reflectiveGlints(length: Length, phase: number): string {
  const period = length.r * 4.4;
  let out = '';
  for (const offset of [0, period / 2]) {
    for (let x0 = firstRepeat(length, period, phase + offset); x0 < length.to + period; x0 += period) {
      const y = -length.r * 0.42;
      out += `<use href="#glint" x="${n(helixX(length, x0, period, y))}" y="${n(y)}"/>`;
    }
  }
  return out;
}

/** Webbing carries its tracers lengthwise: two thin lines inside the stitching. */
function flatTracer(length: Length, c2: string): string {
  const w = Math.max(2.5, length.r * 0.05);
  const y = length.r * 0.5;
  const x = length.from - 20;
  const width = length.to - length.from + 40;
  return `<path d="M${n(x)} ${n(-y - w / 2)}h${n(width)}v${n(w)}h${n(-width)}ZM${n(x)} ${n(y - w / 2)}h${n(width)}v${n(w)}h${n(-width)}Z" fill="${c2}"/>`;
}

/** A silvery reflective band woven down the middle of webbing, with a bright core and a dashed sheen. */
function flatReflective(length: Length): string {
  const w = length.r * 0.3;
  const x = length.from - 20;
  const width = length.to - length.from + 40;
  return (
    `<rect x="${n(x)}" y="${n(-w / 2)}" width="${n(width)}" height="${n(w)}" fill="#c4cacf"/>` +
    `<path d="M${n(x)} ${n(-w / 2 + 1)}h${n(width)}M${n(x)} ${n(w / 2 - 1)}h${n(width)}" stroke="#7b838a" stroke-width="2"/>` +
    `<path d="M${n(x)} 0h${n(width)}" stroke="#fff" stroke-width="${n(w * 0.3)}" stroke-dasharray="14 4" stroke-opacity=".9"/>`
  );
}

/** A few glints along the reflective band of webbing. */
function flatGlints(length: Length, random: Random): string {
  let out = '';
  for (let x = length.from + between(random, 0, 200); x < length.to; x += between(random, 160, 320)) {
    out += `<use href="#glint" x="${n(x)}" y="0"/>`;
  }
  return out;
}

interface ColourLayer {
  /** Under the texture. */
  under: string;
  /** Over the shading. */
  over: string;
}

function colourLayer(pattern: SwatchPattern, length: Length, c1: Rgb, c2: Rgb, random: Random, index: number): ColourLayer {
  const base = `<rect x="${n(length.from - 40)}" y="${n(-length.r - 10)}" width="${n(length.to - length.from + 80)}" height="${n(2 * length.r + 20)}" fill="${hex(c1)}"/>`;
  const palette = [hex(c1), hex(c2)];
  switch (pattern) {
    case 'solid':
    case 'glow':
      return { under: base, over: '' };
    case 'stripes':
      return { under: base + paintCells(length, stripesRule(length, random), palette), over: '' };
    case 'camo':
      return {
        under: base + paintCells(length, camoRule(length, random), [...palette, hex(mix(mix(c1, c2, 0.35), BLACK, 0.55))]),
        over: '',
      };
    case 'diamond':
      return { under: base + paintCells(length, diamondRule(length, random), palette), over: '' };
    case 'snake': {
      // The rim of each scale: darker than the mark, or towards the main colour when the mark is nearly black already.
      const rim = luminance(c2) < 0.06 ? mix(c2, c1, 0.45) : mix(c2, BLACK, 0.45);
      return { under: base + paintCells(length, snakeRule(length, random), [...palette, hex(rim)]), over: '' };
    }
    case 'spiral':
      return { under: base + paintCells(length, spiralRule(length, random), palette), over: '' };
    case 'tracer':
      return { under: base + (length.flat ? flatTracer(length, hex(c2)) : tracer(length, hex(c2), random)), over: '' };
    case 'reflective': {
      if (length.flat) return { under: base + flatReflective(length), over: flatGlints(length, random) };
      const phase = length.r * 4.4 * random();
      return { under: base + reflective(length, phase, `tape${index}`), over: reflectiveGlints(length, phase) };
    }
  }
}

// ---------------------------------------------------------------- assembly

interface Placement {
  cx: number;
  cy: number;
  angle: number;
}

function layout(geometry: Geometry, random: Random): Placement[] {
  const [fewest, most] = geometry.count;
  const count = fewest + Math.floor(random() * (most - fewest + 1));
  const base = (random() < 0.5 ? -1 : 1) * between(random, 14, 32);
  const spacing = geometry.width * between(random, geometry.spacing[0], geometry.spacing[1]);
  const normal = ((base + 90) * Math.PI) / 180;
  const shift = between(random, -0.15, 0.15) * spacing;
  const placements: Placement[] = [];
  for (let i = 0; i < count; i++) {
    const offset = (i - (count - 1) / 2) * spacing + shift + between(random, -0.06, 0.06) * spacing;
    placements.push({
      cx: SIZE / 2 + Math.cos(normal) * offset,
      cy: SIZE / 2 + Math.sin(normal) * offset,
      angle: base + between(random, -2.2, 2.2),
    });
  }
  return placements;
}

/** The stretch of a length (along its axis) that can fall inside the frame. */
function visibleRange(placement: Placement, r: number): [number, number] {
  const a = (placement.angle * Math.PI) / 180;
  const along = [
    [0, 0],
    [SIZE, 0],
    [0, SIZE],
    [SIZE, SIZE],
  ].map(([x, y]) => (x! - placement.cx) * Math.cos(a) + (y! - placement.cy) * Math.sin(a));
  return [Math.max(-HALF_LENGTH, Math.min(...along) - r), Math.min(HALF_LENGTH, Math.max(...along) + r)];
}

function drawLength(geometry: Geometry, placement: Placement, pattern: SwatchPattern, c1: Rgb, c2: Rgb, random: Random, index: number): string {
  const r = geometry.width / 2;
  const flat = geometry.kind === 'flat';
  const [from, to] = visibleRange(placement, r);
  const length = makeLength(geometry, from, to);
  const place = `translate(${n(placement.cx)} ${n(placement.cy)}) rotate(${n(placement.angle)})`;
  const light = luminance(c1);
  const outline = light > 0.6 ? 0.38 : light < 0.05 ? 0.5 : 0.3;

  let out = '';
  // Shadows fall down and to the right, in picture space.
  out += `<g transform="translate(${n(r * 0.16 + 6)} ${n(r * 0.22 + 8)})" opacity=".34" filter="url(#soft)"><use href="#sil" transform="${place}"/></g>`;
  out += `<g transform="translate(2 3)" opacity=".38" filter="url(#contact)"><use href="#sil" transform="${place}"/></g>`;
  if (pattern === 'glow') {
    out += `<g opacity=".75" filter="url(#halo)"><use href="#sil" transform="${place}" fill="#b9f7a4" stroke="#c8ffb4" stroke-width="${n(r * 0.5)}"/></g>`;
  }
  out += `<g transform="${place}">`;
  if (flat) {
    // The thickness of the strap shows along its lower edge.
    out += `<use href="#sil" transform="translate(0 3.5)" fill="${hex(mix(c1, BLACK, 0.55))}"/>`;
  }
  out += '<g clip-path="url(#clip)">';
  const colours = colourLayer(pattern, length, c1, c2, random, index);
  out += colours.under;
  if (pattern === 'glow') {
    out += `<rect x="${n(from)}" y="${n(-r)}" width="${n(to - from)}" height="${n(2 * r)}" fill="#e4ffd6" fill-opacity=".16"/>`;
  }
  out += `<rect x="${n(from)}" y="${n(-r - 2)}" width="${n(to - from)}" height="${n(2 * r + 4)}" fill="url(#tex)"/>`;
  if (flat) {
    const inset = Math.min(11, r * 0.14);
    const thread = hex(luminance(c1) < 0.05 ? mix(c1, WHITE, 0.22) : mix(c1, BLACK, 0.4));
    const rows = `M${n(from)} ${n(-r + inset)}H${n(to)}M${n(from)} ${n(r - inset)}H${n(to)}`;
    const ruts = `M${n(from)} ${n(-r + inset + 2.2)}H${n(to)}M${n(from)} ${n(r - inset + 2.2)}H${n(to)}`;
    out += `<path d="${ruts}" stroke="#000" stroke-opacity=".22" stroke-width="2" stroke-dasharray="9 5"/>`;
    out += `<path d="${rows}" stroke="${thread}" stroke-width="2.6" stroke-dasharray="9 5"/>`;
    out += `<path d="${rows}" stroke="#fff" stroke-opacity=".28" stroke-width="1" stroke-dasharray="9 5" transform="translate(0 -.7)"/>`;
  }
  out += `<rect x="${n(from)}" y="${n(-r - 2)}" width="${n(to - from)}" height="${n(2 * r + 4)}" fill="url(#shade)"/>`;
  out += colours.over;
  out += '</g>';
  out += `<use href="#sil" fill="none" stroke="#000" stroke-opacity="${outline}" stroke-width="1.4"/>`;
  out += '</g>';
  return out;
}

/** A soft white sparkle, centred on the origin (placed with <use x y>). */
function glintDefs(geometry: Geometry): string {
  const size = geometry.width * 0.09;
  return (
    `<radialGradient id="glintg" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="${n(size)}">` +
    '<stop offset="0" stop-color="#fff" stop-opacity=".95"/><stop offset=".3" stop-color="#fff" stop-opacity=".5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>' +
    '</radialGradient>' +
    `<g id="glint" fill="url(#glintg)"><circle r="${n(size)}"/><path d="M${n(-size * 1.6)} 0L0 ${n(-size * 0.12)}L${n(size * 1.6)} 0L0 ${n(size * 0.12)}Z" fill="#fff" fill-opacity=".7"/></g>`
  );
}

/** A square SVG (viewBox 0 0 800 800) of a product swatch: a photo-like close-up of braided cord in these colours and this pattern. */
export function drawCordSwatch(input: CordSwatchInput): string {
  const geometry = geometries[input.kind ?? 'cord'] ?? geometries.cord;
  // Scramble the seed first, so that neighbouring seeds give unrelated pictures.
  const seed = Number.isFinite(input.seed) ? Math.trunc(input.seed) : 0;
  const random = mulberry32(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ (seed >>> 16));
  const c1 = parseColour(input.colours[0]) ?? ([128, 128, 128] as const);
  const c2 = parseColour(input.colours[1]) ?? partner(c1);

  const defs =
    backgroundDefs() +
    silhouette(geometry) +
    '<clipPath id="clip"><use href="#sil"/></clipPath>' +
    (geometry.kind === 'flat' ? weaveTexture() : braidTexture(geometry, luminance(c1))) +
    shading(geometry, c1) +
    (input.pattern === 'glow' ? '<filter id="halo" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="16"/></filter>' : '') +
    (input.pattern === 'reflective' ? glintDefs(geometry) : '');

  const lengths = layout(geometry, random)
    .map((placement, index) => drawLength(geometry, placement, input.pattern, c1, c2, random, index))
    .join('');

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">` +
    `<defs>${defs}</defs>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>` +
    `<rect width="${SIZE}" height="${SIZE}" filter="url(#grain)"/>` +
    lengths +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#vig)"/>` +
    '</svg>';
  return scopeIds(svg, `cs${hash(`${input.kind ?? 'cord'}|${input.pattern}|${input.colours.join(',')}|${input.seed}`)}-`);
}

/** FNV-1a, as a short base-36 string. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** Prefixes every id (and every reference to one), so that several swatches can be inlined in one page. */
function scopeIds(svg: string, prefix: string): string {
  return svg.replace(/(id="|url\(#|href="#)([a-z][\w-]*)/g, (_, lead: string, name: string) => `${lead}${prefix}${name}`);
}
