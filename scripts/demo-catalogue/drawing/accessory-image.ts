/**
 * Product photos of accessories for the shop: a square SVG that looks like a photo of a buckle, a snap
 * hook, rivets, a jig … lying on the same off-white backdrop as the cord swatches (cord-swatch.ts), in the
 * product's colour and finish. Pure and deterministic: the same input always gives the same string.
 *
 * Every object is drawn once in its own frame (centred on the origin, lit from the upper left) as a <g> in
 * <defs>. Each placement then <use>s it three times: a soft drop shadow and a contact shadow (its blurred
 * alpha, offset down and to the right in picture space), then the object itself. Shading comes from a few
 * gradients per material (across a lying cylinder, across a standing one, over a dome, over a flat face);
 * bent wire is a "tube": one path stroked in ever narrower, lighter bands shifted towards the light.
 */

export type AccessoryShape =
  | 'side-release-buckle'
  | 'snap-hook'
  | 'double-cap-rivet'
  | 'chicago-screw'
  | 'slide-bead'
  | 'cord-end'
  | 'carabiner'
  | 'split-ring'
  | 'leather-strap'
  | 'paracord-needle'
  | 'fid'
  | 'jig'
  | 'lighter'
  | 'kit';

export interface AccessoryImageInput {
  shape: AccessoryShape;
  /** '#rrggbb' */
  colour: string;
  finish: 'plastic' | 'metal' | 'leather';
  /** Varies the placement and rotation slightly. */
  seed: number;
}

type Finish = AccessoryImageInput['finish'];

const SIZE = 800;

// ---------------------------------------------------------------- numbers and colours

/** A short decimal for SVG attributes. */
function n(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return rounded === 0 ? '0' : String(rounded);
}

/** xorshift32 on a scrambled seed: numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

type Rgb = readonly [number, number, number];

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

function rgb(value: string): Rgb {
  let digits = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(String(value).trim())?.[1] ?? '808080';
  if (digits.length === 3) digits = digits.replace(/./g, '$&$&');
  const v = parseInt(digits, 16);
  return [v >> 16, (v >> 8) & 255, v & 255];
}

function hex(colour: Rgb): string {
  return `#${colour
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Rough lightness, 0 to 1 (enough to choose how strong highlights are). */
function lightness(c: Rgb): number {
  return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;
}

// ---------------------------------------------------------------- materials

/** The shades of one material, and its gradients: `${id}c` across a lying cylinder, `${id}x` across a standing one, `${id}d` a dome, `${id}f` a flat face. */
interface Material {
  id: string;
  metal: boolean;
  edge: string;
  dark: string;
  shade: string;
  mid: string;
  light: string;
  spec: string;
  /** A grain filter (leather) to put on the group, or ''. */
  grain: string;
  defs: string;
}

function material(id: string, base: Rgb, finish: Finish): Material {
  const l = lightness(base);
  const metal = finish === 'metal';
  // How far each shade moves towards black (dark) or white (light, spec).
  const [dark, light, spec] = metal
    ? l < 0.15
      ? [0.55, 0.3, 0.62]
      : [0.58, 0.45, 0.86]
    : finish === 'plastic'
      ? l < 0.15
        ? [0.5, 0.16, 0.3]
        : [0.36, 0.16, 0.3]
      : [0.42, 0.1, 0.18];
  const m = {
    edge: hex(mix(base, BLACK, Math.min(0.8, dark + 0.15))),
    dark: hex(mix(base, BLACK, dark)),
    shade: hex(mix(base, BLACK, dark * 0.5)),
    mid: hex(base),
    light: hex(mix(base, WHITE, light)),
    spec: hex(mix(base, WHITE, spec)),
  };
  type Shade = keyof typeof m;
  const stops = (list: ReadonlyArray<readonly [number, Shade]>): string =>
    list.map(([offset, shade]) => `<stop offset="${offset}" stop-color="${m[shade]}"/>`).join('');
  const across = stops(
    metal
      ? [
          [0, 'dark'],
          [0.12, 'mid'],
          [0.27, 'spec'],
          [0.38, 'light'],
          [0.56, 'mid'],
          [0.76, 'dark'],
          [0.9, 'shade'],
          [1, 'edge'],
        ]
      : [
          [0, 'shade'],
          [0.24, 'light'],
          [0.5, 'mid'],
          [0.84, 'shade'],
          [1, 'dark'],
        ],
  );
  const dome = metal
    ? stops([
        [0, 'spec'],
        [0.2, 'light'],
        [0.5, 'mid'],
        [0.8, 'dark'],
        [1, 'shade'],
      ])
    : stops([
        [0, 'light'],
        [0.45, 'mid'],
        [1, 'shade'],
      ]);
  const face = metal
    ? stops([
        [0, 'light'],
        [0.35, 'mid'],
        [0.52, 'light'],
        [0.68, 'mid'],
        [1, 'shade'],
      ])
    : stops([
        [0, 'light'],
        [0.55, 'mid'],
        [1, 'shade'],
      ]);
  const grain =
    finish === 'leather'
      ? `<filter id="${id}g" x="0" y="0" width="100%" height="100%">` +
        '<feTurbulence type="fractalNoise" baseFrequency=".8" numOctaves="3" seed="11"/>' +
        '<feColorMatrix values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1.5 -.66"/>' +
        '<feComposite in2="SourceAlpha" operator="in" result="g"/>' +
        '<feMerge><feMergeNode in="SourceGraphic"/><feMergeNode in="g"/></feMerge></filter>'
      : '';
  return {
    id,
    metal,
    ...m,
    grain: grain === '' ? '' : ` filter="url(#${id}g)"`,
    defs:
      `<linearGradient id="${id}c" x2="0" y2="1">${across}</linearGradient>` +
      `<linearGradient id="${id}x">${across}</linearGradient>` +
      `<radialGradient id="${id}d" cx=".42" cy=".38" fx=".32" fy=".26" r=".68">${dome}</radialGradient>` +
      `<linearGradient id="${id}f" x2="1" y2="1">${face}</linearGradient>` +
      grain,
  };
}

const STEEL: Rgb = [186, 190, 195];

// ---------------------------------------------------------------- drawing primitives

/** A rounded rectangle as path data. */
function rr(x: number, y: number, w: number, h: number, r: number): string {
  const a = `a${n(r)} ${n(r)} 0 0 1 `;
  return `M${n(x + r)} ${n(y)}h${n(w - 2 * r)}${a}${n(r)} ${n(r)}v${n(h - 2 * r)}${a}${n(-r)} ${n(r)}h${n(2 * r - w)}${a}${n(-r)} ${n(-r)}v${n(2 * r - h)}${a}${n(r)} ${n(-r)}Z`;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra}/>`;
}

function path(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}"${extra}/>`;
}

/** A flat part with holes (even-odd), its thickness showing below it. */
function slab(d: string, m: Material, depth: number, fill = `url(#${m.id}f)`): string {
  return (
    path(d, m.edge, ` transform="translate(0 ${n(depth)})"`) +
    path(d, fill, ` stroke="${m.dark}" stroke-width="1.5"`) +
    path(d, 'none', ` stroke="${m.spec}" stroke-opacity=".45" stroke-width="2" transform="translate(-1 -1.3)"`)
  );
}

/** Round wire along a path: ever narrower, lighter bands shifted towards the light. */
function tube(d: string, w: number, m: Material): string {
  const band = (colour: string, width: number, shift: number): string =>
    `<path d="${d}" stroke="${colour}" stroke-width="${n(w * width)}"${shift === 0 ? '' : ` transform="translate(${n(-w * shift * 0.7)} ${n(-w * shift)})"`}/>`;
  return (
    '<g fill="none" stroke-linecap="round" stroke-linejoin="round">' +
    band(m.edge, 1, 0) +
    band(m.dark, 0.84, 0) +
    band(m.mid, 0.6, 0.08) +
    band(m.light, 0.3, 0.17) +
    (m.metal ? band(m.spec, 0.12, 0.22) : '') +
    '</g>'
  );
}

/** A motif raised from a surface: a dark lower edge, a lit upper one. */
function emboss(d: string, m: Material): string {
  return path(d, m.edge, ' transform="translate(2 2.5)"') + path(d, m.spec, ' transform="translate(-1.5 -1.5)"') + path(d, `url(#${m.id}f)`);
}

/** A spiral of half-circle arcs round the origin, starting at (r, 0) and closing in by `pitch` per turn. */
function spiral(r: number, pitch: number, halfTurns: number): string {
  let d = `M${n(r)} 0`;
  for (let i = 0; i < halfTurns; i++) {
    const from = r - (i * pitch) / 2;
    const to = r - ((i + 1) * pitch) / 2;
    const radius = (from + to) / 2;
    d += `A${n(radius)} ${n(radius)} 0 0 1 ${n(i % 2 === 0 ? -to : to)} 0`;
  }
  return d;
}

// ---------------------------------------------------------------- the objects

/** One object on the table: an item of the scene's defs, where it lies, and how high above the table (for its shadow). */
interface Piece {
  item: string;
  x: number;
  y: number;
  angle: number;
  scale: number;
  /** Height above the table: 0 casts a tight shadow, 1 a long one. */
  lift: number;
  /** An item drawn over it in the same place, casting no shadow (a flame). */
  glow?: string;
}

interface Scene {
  defs: string;
  pieces: Piece[];
}

const piece = (item: string, x: number, y: number, angle = 0, scale = 1, lift = 0.5): Piece => ({ item, x, y, angle, scale, lift });

const item = (id: string, body: string, m?: Material): string => `<g id="${id}"${m?.grain ?? ''}>${body}</g>`;

/** A side-release buckle, clicked shut: the male half (right) under the female housing (left), strap slots at both ends. */
function buckle(m: Material): string {
  const male =
    'M-120 -74H40C80 -74 92 -98 132 -98H270Q300 -98 300 -68V68Q300 98 270 98H132C92 98 80 74 40 74H-120Z' +
    rr(230, -66, 36, 132, 12) +
    'M104 -24H198V-74H170Z M104 24H198V74H170Z';
  const female = rr(-300, -100, 330, 200, 40) + rr(-276, -68, 36, 136, 12) + rr(-114, -88, 78, 24, 9) + rr(-114, 64, 78, 24, 9);
  let ribs = '';
  for (let x = -104; x < -44; x += 10) ribs += `M${x} -90v28M${x} 62v28`;
  return (
    slab(male, m, 10) +
    path(ribs, 'none', ` stroke="${m.edge}" stroke-width="3"`) +
    slab(rr(40, -11, 170, 22, 11), m, 5, `url(#${m.id}c)`) +
    slab(female, m, 10) +
    slab(rr(-212, -54, 214, 108, 30), m, 5) +
    path('M-226 -80V80', 'none', ` stroke="${m.edge}" stroke-width="3" stroke-opacity=".6"`)
  );
}

/** Braided cord coiled flat, its loose end running off upwards. */
function cordCoil(cord: Rgb, turns: number, r: number, w: number): string {
  const m = material('k', cord, 'plastic');
  const d = `M${n(r)} ${n(-r * 0.9)}L${n(r)} 0${spiral(r, w, turns * 2).slice(`M${n(r)} 0`.length)}`;
  return (
    m.defs +
    tube(d, w, m) +
    // Plaits: a fine diamond hatch, painted along the cord.
    '<pattern id="kh" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
    `<path d="M0 .5H7M.5 0V7" stroke="${m.edge}" stroke-opacity=".55" stroke-width="1.6"/></pattern>` +
    `<path d="${d}" fill="none" stroke="url(#kh)" stroke-width="${n(w * 0.92)}" stroke-linecap="round"/>`
  );
}

const scenes: Record<AccessoryShape, (colour: Rgb, finish: Finish) => Scene> = {
  'side-release-buckle': (colour, finish) => {
    const m = material('m', colour, finish);
    return { defs: m.defs + item('a', buckle(m), m), pieces: [piece('a', 400, 395, -12, 1.12, 0.5)] };
  },

  'snap-hook': (colour, finish) => {
    const m = material('m', colour, finish);
    const body =
      tube('M-40 -240A40 52 0 1 1 40 -240A40 52 0 1 1 -40 -240Z', 22, m) +
      `<rect x="-26" y="-196" width="52" height="58" rx="10" fill="url(#mx)" stroke="${m.edge}"/>` +
      path('M-26 -176H26M-26 -158H26', 'none', ` stroke="${m.edge}" stroke-width="2"`) +
      `<rect x="-16" y="-140" width="32" height="30" fill="url(#mx)" stroke="${m.edge}"/>` +
      tube('M0 -112C-44 -96 -84 -40 -84 40C-84 150 -44 212 8 212C62 212 90 172 90 122C90 92 74 74 50 72', 32, m) +
      tube('M12 -108L48 62', 20, m) +
      tube('M24 -84L56 -98', 16, m);
    return { defs: m.defs + item('a', body, m), pieces: [piece('a', 400, 440, 18, 1.2, 0.4)] };
  },

  'double-cap-rivet': (colour, finish) => {
    const m = material('m', colour, finish);
    const side = (h: number, r: number): string => path(`M${-r} 0V${h}A${r} ${n(r * 0.42)} 0 0 0 ${r} ${h}V0Z`, 'url(#mx)', ` stroke="${m.edge}"`);
    const dome = (y: number): string =>
      `<g transform="translate(0 ${y})">${side(18, 70)}` +
      path('M-70 0A70 58 0 0 1 70 0A70 29.4 0 0 1 -70 0Z', 'url(#md)', ` stroke="${m.edge}"`) +
      path('M-68 2A68 28 0 0 0 68 2', 'none', ` stroke="${m.spec}" stroke-opacity=".5" stroke-width="2"`) +
      '</g>';
    const post =
      side(12, 70) +
      ellipse(0, 0, 70, 29.4, 'url(#mf)', ` stroke="${m.edge}"`) +
      ellipse(0, 0, 50, 21, 'none', ` stroke="${m.dark}" stroke-opacity=".5" stroke-width="2"`) +
      path('M-24 -78V0A24 10 0 0 0 24 0V-78Z', 'url(#mx)', ` stroke="${m.edge}"`) +
      ellipse(0, -78, 24, 10, m.light, ` stroke="${m.edge}"`) +
      ellipse(0, -77, 15, 6, m.edge);
    const set = `<g transform="translate(0 34)">${side(10, 70)}${ellipse(0, 0, 70, 29.4, 'url(#mf)', ` stroke="${m.edge}"`)}</g>${dome(0)}`;
    return {
      defs: m.defs + item('a', dome(0), m) + item('b', post, m) + item('c', set, m),
      pieces: [
        piece('c', 250, 230, -4, 1.15, 0.3),
        piece('b', 560, 250, 3, 1.15, 0.3),
        piece('a', 210, 540, 5, 1.15, 0.2),
        piece('b', 420, 560, -3, 1.05, 0.3),
        piece('a', 640, 560, -6, 1.05, 0.2),
      ],
    };
  },

  'chicago-screw': (colour, finish) => {
    const m = material('m', colour, finish);
    const head = (x: number): string => `<rect x="${x}" y="-62" width="22" height="124" rx="9" fill="url(#mc)" stroke="${m.edge}"/>`;
    const barrel = (from: number, to: number, r: number): string =>
      `<rect x="${from}" y="${-r}" width="${to - from}" height="${2 * r}" fill="url(#mc)" stroke="${m.edge}"/>`;
    let threads = '';
    for (let x = 40; x < 136; x += 7) threads += `M${x} -13l5 26`;
    const post = barrel(16, 190, 24) + head(0) + ellipse(190, 0, 8, 24, m.light, ` stroke="${m.edge}"`) + ellipse(190, 0, 5, 15, m.edge);
    const screw =
      barrel(16, 140, 13) +
      path(threads, 'none', ` stroke="${m.edge}" stroke-width="2" stroke-opacity=".7"`) +
      path(threads, 'none', ` stroke="${m.spec}" stroke-width="1.2" stroke-opacity=".6" transform="translate(2.5 0)"`) +
      head(0);
    // Assembled, turned a little so that the slotted head faces the camera.
    const together =
      barrel(16, 150, 24) +
      head(0) +
      ellipse(152, 0, 15, 62, 'url(#mc)', ` stroke="${m.edge}"`) +
      ellipse(162, 0, 15, 62, 'url(#mf)', ` stroke="${m.edge}"`) +
      path('M157 -42L167 42', 'none', ` stroke="${m.edge}" stroke-width="8" stroke-linecap="round"`) +
      path('M160 -40L170 40', 'none', ` stroke="${m.spec}" stroke-opacity=".6" stroke-width="2"`);
    return {
      defs:
        m.defs +
        item('a', `<g transform="translate(-95 0)">${post}</g>`, m) +
        item('b', `<g transform="translate(70 0) scale(-1 1)">${screw}</g>`, m) +
        item('c', `<g transform="translate(-83 0)">${together}</g>`, m),
      pieces: [piece('a', 250, 300, -4, 1.5, 0.3), piece('b', 590, 290, -4, 1.5, 0.3), piece('c', 410, 560, -14, 1.5, 0.3)],
    };
  },

  'slide-bead': (colour, finish) => {
    const m = material('m', colour, finish);
    const star = 'M20 -64L34 -14L84 0L34 14L20 64L6 14L-44 0L6 -14Z';
    const body =
      path('M-130 -112Q0 -130 130 -112A44 112 0 0 1 130 112Q0 130 -130 112Z', 'url(#mc)', ` stroke="${m.edge}" stroke-width="2"`) +
      path('M-96 -114A40 114 0 0 0 -96 114M106 -114A40 114 0 0 0 106 114', 'none', ` stroke="${m.edge}" stroke-width="4"`) +
      path('M-92 -114A40 114 0 0 0 -92 114M110 -114A40 114 0 0 0 110 114', 'none', ` stroke="${m.spec}" stroke-opacity=".5" stroke-width="2"`) +
      ellipse(20, 0, 50, 50, 'none', ` stroke="${m.edge}" stroke-width="5"`) +
      ellipse(19, -1, 50, 50, 'none', ` stroke="${m.spec}" stroke-opacity=".6" stroke-width="2"`) +
      emboss(star, m) +
      ellipse(-130, 0, 44, 112, 'url(#mf)', ` stroke="${m.edge}" stroke-width="2"`) +
      ellipse(-130, 0, 20, 52, m.edge) +
      ellipse(-127, 5, 15, 44, '#000', ' fill-opacity=".45"');
    return {
      defs: m.defs + item('a', body, m),
      pieces: [piece('a', 560, 600, 24, 0.62, 0.3), piece('a', 370, 360, -10, 1.15, 0.4)],
    };
  },

  'cord-end': (colour, finish) => {
    const m = material('m', colour, finish);
    const body =
      '<g transform="translate(-75 0)">' +
      path('M0 -30H95C128 -30 150 -16 150 0C150 16 128 30 95 30H0Z', 'url(#mc)', ` stroke="${m.edge}"`) +
      path('M28 -30V30', 'none', ` stroke="${m.edge}" stroke-width="3"`) +
      path('M31 -30V30', 'none', ` stroke="${m.spec}" stroke-width="2" stroke-opacity=".6"`) +
      ellipse(0, 0, 11, 30, m.light, ` stroke="${m.edge}"`) +
      ellipse(0, 0, 7, 21, m.edge) +
      '</g>';
    return {
      defs: m.defs + item('a', body, m),
      pieces: [piece('a', 260, 230, -24, 1.7, 0.2), piece('a', 560, 280, 12, 1.7, 0.2), piece('a', 300, 530, 30, 1.7, 0.2), piece('a', 570, 580, -8, 1.7, 0.2)],
    };
  },

  carabiner: (colour, finish) => {
    const m = material('m', colour, finish);
    const body =
      tube('M150 100C162 200 110 250 20 250C-60 250 -100 220 -100 160V-170C-100 -225 -70 -250 -30 -250C10 -250 40 -232 48 -196', 36, m) +
      tube('M146 86L54 -176', 22, m) +
      ellipse(148, 96, 13, 13, 'url(#md)', ` stroke="${m.edge}"`);
    return { defs: m.defs + item('a', body, m), pieces: [piece('a', 400, 400, -24, 1.25, 0.4)] };
  },

  'split-ring': (colour, finish) => {
    const m = material('m', colour, finish);
    const r = 130;
    const w = 18;
    const pitch = 15;
    const under = spiral(r, pitch, 2);
    const over = `M${n(r - pitch)} 0${spiral(r - pitch, pitch, 2).slice(`M${n(r - pitch)} 0`.length)}`;
    const body = tube(under, w, m) + tube(over, w, m) + path(`M${n(r - 2 * pitch - w / 2)} -1h${w}`, 'none', ` stroke="${m.edge}" stroke-width="2"`);
    return {
      defs: m.defs + item('a', body, m),
      pieces: [piece('a', 300, 320, 20, 1.25, 0.15), piece('a', 560, 420, -35, 0.95, 0.15), piece('a', 330, 600, 70, 0.75, 0.15)],
    };
  },

  'leather-strap': (colour, finish) => {
    const m = material('m', colour, finish === 'plastic' ? 'plastic' : 'leather');
    const snap = material('s', finish === 'metal' ? colour : STEEL, 'metal');
    const thread = hex(lightness(colour) < 0.45 ? mix(colour, WHITE, 0.62) : mix(colour, BLACK, 0.5));
    const strap = 'M-330 -75H250A75 75 0 0 1 250 75H-330Z';
    const stitches = 'M-316 -58H250A58 58 0 0 1 250 58H-316';
    const holes = [-290, -240, -190].map((x) => ellipse(x, 0, 9, 9, '#000', ' fill-opacity=".55"') + ellipse(x + 1.5, 2, 8, 7, m.edge)).join('');
    const body =
      `<g${m.grain}>${slab(strap, m, 7)}${holes}</g>` +
      path(stitches, 'none', ` stroke="#000" stroke-opacity=".35" stroke-width="3" stroke-dasharray="10 6" transform="translate(1 1.5)"`) +
      path(stitches, 'none', ` stroke="${thread}" stroke-width="3" stroke-dasharray="10 6"`) +
      ellipse(250, 0, 32, 32, 'url(#sd)', ` stroke="${snap.edge}" stroke-width="2"`) +
      ellipse(250, 0, 20, 20, 'none', ` stroke="${snap.dark}" stroke-width="3"`);
    return { defs: m.defs + snap.defs + item('a', body), pieces: [piece('a', 400, 410, -26, 1.05, 0.25)] };
  },

  'paracord-needle': (colour, finish) => {
    const m = material('m', colour, finish);
    let threads = '';
    for (let x = -382; x < -300; x += 6) threads += `M${x} -15l4 30`;
    const body =
      `<rect x="-300" y="-10" width="570" height="20" fill="url(#mc)" stroke="${m.edge}"/>` +
      path('M268 -10L338 -1.5Q342 0 338 1.5L268 10Z', 'url(#mc)', ` stroke="${m.edge}"`) +
      `<rect x="-392" y="-16" width="96" height="32" rx="3" fill="url(#mc)" stroke="${m.edge}"/>` +
      path(threads, 'none', ` stroke="${m.edge}" stroke-width="2" stroke-opacity=".7"`) +
      path(threads, 'none', ` stroke="${m.spec}" stroke-width="1.2" stroke-opacity=".6" transform="translate(2.5 0)"`) +
      ellipse(-392, 0, 5, 16, m.light, ` stroke="${m.edge}"`) +
      ellipse(-392, 0, 3, 10, m.edge);
    return {
      defs: m.defs + item('a', body, m),
      pieces: [piece('a', 410, 350, -32, 1.05, 0.2), piece('a', 470, 480, -32, 0.82, 0.2)],
    };
  },

  fid: (colour, finish) => {
    const m = material('m', colour, finish);
    const body =
      `<rect x="-300" y="-28" width="460" height="56" fill="url(#mc)" stroke="${m.edge}"/>` +
      path('M158 -28C220 -28 300 -8 330 -2Q336 0 330 2C300 8 220 28 158 28Z', 'url(#mc)', ` stroke="${m.edge}"`) +
      path(rr(-250, -6, 130, 12, 6), m.edge) +
      path('M-246 4.5H-124', 'none', ` stroke="${m.spec}" stroke-opacity=".5" stroke-width="1.5"`) +
      ellipse(-300, 0, 12, 28, m.light, ` stroke="${m.edge}"`) +
      ellipse(-300, 0, 9, 21, m.edge) +
      ellipse(-298, 2, 6, 15, '#000', ' fill-opacity=".4"');
    return {
      defs: m.defs + item('a', body, m),
      pieces: [piece('a', 380, 330, -30, 1.05, 0.25), piece('a', 470, 510, -30, 0.78, 0.25)],
    };
  },

  jig: (colour, finish) => {
    const metal = finish === 'metal';
    const m = material('m', colour, metal ? 'metal' : 'plastic');
    const s = material('s', STEEL, 'metal');
    const top = rr(-350, -80, 700, 170, 14);
    let grain = '';
    if (!metal) {
      for (let i = 0; i < 9; i++) {
        const y = -70 + i * 19;
        grain += `M-350 ${y}C-200 ${y + ((i * 7) % 9) - 4} -50 ${y - 6} 100 ${y + 3}S300 ${y - 5} 350 ${y + 2}`;
      }
    }
    let ticks = '';
    let labels = '';
    for (let i = 0; i <= 50; i++) {
      const x = -300 + i * 12;
      ticks += `M${x} 44v${i % 5 === 0 ? 16 : 8}`;
      if (i % 10 === 0 && i > 0) labels += `<text x="${x}" y="74" font-size="13" text-anchor="middle">${i / 10}</text>`;
    }
    const post = (x: number, y: number): string =>
      `<g transform="translate(${x} ${y})">` +
      slab(rr(-32, -12, 64, 28, 6), s, 10) +
      path('M-15 -160V0A15 6 0 0 0 15 0V-160Z', 'url(#sx)', ` stroke="${s.edge}"`) +
      ellipse(0, -160, 15, 6, s.light, ` stroke="${s.edge}"`) +
      '</g>';
    const body =
      slab(top, m, 30) +
      (metal
        ? ''
        : `<clipPath id="jc"><path d="${top}"/></clipPath>${path(grain, 'none', ` clip-path="url(#jc)" stroke="${m.dark}" stroke-opacity=".35" stroke-width="2"`)}`) +
      path(rr(-230, -42, 400, 26, 13), s.edge) +
      path('M-218 -19H158', 'none', ` stroke="${m.light}" stroke-opacity=".5" stroke-width="2"`) +
      `<rect x="-312" y="38" width="624" height="44" fill="url(#sf)" stroke="${s.edge}"/>` +
      path(ticks, 'none', ` stroke="#222" stroke-width="1.5"`) +
      `<g fill="#222" font-family="Arial, Helvetica, sans-serif">${labels}</g>` +
      post(-300, -30) +
      post(110, -30);
    return { defs: m.defs + s.defs + item('a', body), pieces: [piece('a', 400, 430, -6, 1.05, 0.3)] };
  },

  lighter: (colour, finish) => {
    const m = material('m', colour, finish);
    const s = material('s', STEEL, 'metal');
    const body =
      `<rect x="-80" y="-110" width="160" height="330" rx="30" fill="url(#mx)" stroke="${m.edge}" stroke-width="2"/>` +
      `<rect x="-13" y="-60" width="26" height="210" rx="13" fill="#1c2228" fill-opacity=".75" stroke="${m.edge}"/>` +
      `<rect x="-11" y="60" width="22" height="88" rx="11" fill="#8fb4c8" fill-opacity=".7"/>` +
      path('M-6 -48V140', 'none', ' stroke="#fff" stroke-opacity=".35" stroke-width="3"') +
      path('M80 -176H94Q104 -176 104 -166V-124Q104 -114 94 -114H80Z', 'url(#sx)', ` stroke="${s.edge}"`) +
      path('M-80 -110V-214Q-80 -240 -54 -240H28L80 -190V-110Z', 'url(#sx)', ` stroke="${s.edge}" stroke-width="2"`) +
      `<rect x="-46" y="-264" width="36" height="26" rx="5" fill="url(#sx)" stroke="${s.edge}"/>` +
      ellipse(-28, -262, 8, 3, '#111') +
      [-48, -22, 4].map((x) => ellipse(x, -170, 8, 8, '#15171a', ` stroke="${s.light}" stroke-width="1.5"`)).join('');
    const flame =
      '<linearGradient id="fl" x2="0" y1="1" y2="0"><stop offset="0" stop-color="#2a62f0"/><stop offset=".5" stop-color="#5d9bff" stop-opacity=".7"/><stop offset="1" stop-color="#9cc6ff" stop-opacity="0"/></linearGradient>' +
      item(
        'f',
        path('M-28 -264C-46 -300 -38 -340 -28 -400C-18 -340 -10 -300 -28 -264Z', 'url(#fl)') +
          path('M-28 -264C-36 -280 -33 -300 -28 -322C-23 -300 -20 -280 -28 -264Z', '#1f4fd6', ' fill-opacity=".85"'),
      );
    return {
      defs: m.defs + s.defs + item('a', body, m) + flame,
      pieces: [{ ...piece('a', 410, 470, 6, 1.02, 0.5), glow: 'f' }],
    };
  },

  kit: (colour, finish) => {
    const kraft = material('p', [196, 158, 112], 'plastic');
    const hardware = material('m', finish === 'metal' ? colour : [42, 42, 44], finish === 'metal' ? 'metal' : 'plastic');
    const box =
      slab(rr(-310, -240, 620, 480, 18), kraft, 16) +
      path(rr(-282, -212, 564, 424, 8), kraft.shade) +
      path(rr(-282, -212, 564, 424, 8), 'url(#ish)') +
      '<linearGradient id="ish" x2=".3" y2=".45"><stop offset="0" stop-color="#000" stop-opacity=".32"/><stop offset=".25" stop-color="#000" stop-opacity="0"/></linearGradient>';
    return {
      defs: kraft.defs + hardware.defs + item('a', box, kraft) + item('b', cordCoil(colour, 3.5, 160, 36)) + item('c', buckle(hardware)),
      pieces: [piece('a', 400, 400, -4, 1, 0.2), piece('b', 290, 420, -4, 1, 0.15), piece('c', 560, 300, 86, 0.42, 0.15)],
    };
  },
};

// ---------------------------------------------------------------- assembly

function backdrop(): string {
  return (
    '<radialGradient id="bg" cx="46%" cy="42%" r="75%">' +
    '<stop offset="0" stop-color="#f5f3ee"/><stop offset=".55" stop-color="#ebe7e0"/><stop offset="1" stop-color="#d0cac0"/></radialGradient>' +
    '<radialGradient id="vig" cx="50%" cy="48%" r="72%">' +
    '<stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".16"/></radialGradient>' +
    '<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency=".85" numOctaves="2" seed="3"/>' +
    '<feColorMatrix values="0 0 0 0 .45 0 0 0 0 .42 0 0 0 0 .38 0 0 0 .09 0"/></filter>' +
    // Shadows are the blurred alpha of the object; a region round the whole picture, so thin objects are not clipped.
    '<filter id="soft" filterUnits="userSpaceOnUse" x="-100" y="-100" width="1000" height="1000"><feGaussianBlur in="SourceAlpha" stdDeviation="11"/></filter>' +
    '<filter id="contact" filterUnits="userSpaceOnUse" x="-100" y="-100" width="1000" height="1000"><feGaussianBlur in="SourceAlpha" stdDeviation="3"/></filter>'
  );
}

function place(p: Piece, random: () => number): string {
  const jitter = (size: number): number => (random() - 0.5) * 2 * size;
  const transform = `translate(${n(p.x + jitter(12))} ${n(p.y + jitter(12))}) rotate(${n(p.angle + jitter(4))}) scale(${p.scale})`;
  const use = `<use href="#${p.item}" transform="${transform}"/>`;
  return (
    `<g transform="translate(${n(6 + 14 * p.lift)} ${n(8 + 20 * p.lift)})" opacity=".34" filter="url(#soft)">${use}</g>` +
    `<g transform="translate(2 3)" opacity=".38" filter="url(#contact)">${use}</g>` +
    use +
    (p.glow === undefined ? '' : `<use href="#${p.glow}" transform="${transform}"/>`)
  );
}

/** A square SVG (viewBox 0 0 800 800) product photo of the accessory in that colour and finish. */
export function drawAccessoryImage(input: AccessoryImageInput): string {
  const seed = Number.isFinite(input.seed) ? Math.trunc(input.seed) : 0;
  const random = seeded(seed);
  const scene = (scenes[input.shape] ?? scenes.kit)(rgb(input.colour), input.finish);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">` +
    `<defs>${backdrop()}${scene.defs}</defs>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>` +
    `<rect width="${SIZE}" height="${SIZE}" filter="url(#grain)"/>` +
    `<g fill-rule="evenodd">${scene.pieces.map((p) => place(p, random)).join('')}</g>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#vig)"/>` +
    '</svg>';
  return scope(svg, `ai${fnv(`${input.shape}|${input.colour}|${input.finish}|${seed}`)}-`);
}

/** FNV-1a, base 36. */
function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 0x01000193);
  return (h >>> 0).toString(36);
}

/** Prefixes every id and every reference to one, so that several images can share a page. */
function scope(svg: string, prefix: string): string {
  return svg.replace(/(id="|url\(#|href="#)([a-z][\w-]*)/g, `$1${prefix}$2`);
}
