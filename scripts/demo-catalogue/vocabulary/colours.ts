/**
 * Colours and patterns of the demo catalogue's cord.
 *
 * Colour names are shop labels: invariant words that can be dropped into a
 * pattern's `designName` template as they are. Where a language inflects colour
 * adjectives (pl, es, fr, it), the label is the masculine singular form, which
 * agrees with the words the templates put next to it ("Kamuflaż", "Camuflaje",
 * "fil traceur", ...) and with the product itself (paracord, cordón, ...).
 * German labels are nouns ("Schwarz", "Olivgrün"), so they are capitalised.
 *
 * Every colour name is unique within its language and contains no '/', so
 * every combination of pattern and colours gives a distinct design name.
 */
import type { Translated } from './languages.ts';

export interface BaseColour {
  /** kebab-case English code, unique. */
  code: string;
  /** '#rrggbb', unique. */
  hex: string;
  name: Translated;
}

export const baseColours: readonly BaseColour[] = [
  // ------------------------------------------------------------ black and white
  {
    code: 'black',
    hex: '#0b0b0b',
    name: { 'en-US': 'Black', 'en-GB': 'Black', pl: 'Czarny', nl: 'Zwart', de: 'Schwarz', da: 'Sort', es: 'Negro', fr: 'Noir', it: 'Nero', sv: 'Svart' },
  },
  {
    code: 'white',
    hex: '#f7f7f5',
    name: { 'en-US': 'White', 'en-GB': 'White', pl: 'Biały', nl: 'Wit', de: 'Weiß', da: 'Hvid', es: 'Blanco', fr: 'Blanc', it: 'Bianco', sv: 'Vit' },
  },

  // ------------------------------------------------------------ tactical
  {
    code: 'coyote-brown',
    hex: '#81613c',
    name: { 'en-US': 'Coyote Brown', 'en-GB': 'Coyote Brown', pl: 'Brązowy coyote', nl: 'Coyotebruin', de: 'Coyote-Braun', da: 'Coyotebrun', es: 'Marrón coyote', fr: 'Brun coyote', it: 'Marrone coyote', sv: 'Coyotebrun' },
  },
  {
    code: 'olive-drab',
    hex: '#4b5320',
    name: { 'en-US': 'Olive Drab', 'en-GB': 'Olive Drab', pl: 'Oliwkowy', nl: 'Olijfgroen', de: 'Oliv', da: 'Olivengrøn', es: 'Verde oliva', fr: 'Vert olive', it: 'Verde oliva', sv: 'Olivgrön' },
  },
  {
    code: 'foliage-green',
    hex: '#6b6d54',
    name: { 'en-US': 'Foliage Green', 'en-GB': 'Foliage Green', pl: 'Zielony foliage', nl: 'Foliagegroen', de: 'Foliage-Grün', da: 'Foliagegrøn', es: 'Verde foliage', fr: 'Vert foliage', it: 'Verde foliage', sv: 'Foliagegrön' },
  },
  {
    code: 'ranger-green',
    hex: '#4f5840',
    name: { 'en-US': 'Ranger Green', 'en-GB': 'Ranger Green', pl: 'Zielony ranger', nl: 'Rangergroen', de: 'Ranger-Grün', da: 'Rangergrøn', es: 'Verde ranger', fr: 'Vert ranger', it: 'Verde ranger', sv: 'Rangergrön' },
  },
  {
    code: 'tan',
    hex: '#b69b7c',
    name: { 'en-US': 'Tan', 'en-GB': 'Tan', pl: 'Jasnobrązowy', nl: 'Lichtbruin', de: 'Hellbraun', da: 'Lysebrun', es: 'Tostado', fr: 'Fauve', it: 'Cuoio', sv: 'Ljusbrun' },
  },
  {
    code: 'khaki',
    hex: '#c3b091',
    name: { 'en-US': 'Khaki', 'en-GB': 'Khaki', pl: 'Khaki', nl: 'Kaki', de: 'Khaki', da: 'Kaki', es: 'Caqui', fr: 'Kaki', it: 'Cachi', sv: 'Khaki' },
  },
  {
    code: 'sand',
    hex: '#c2b280',
    name: { 'en-US': 'Sand', 'en-GB': 'Sand', pl: 'Piaskowy', nl: 'Zand', de: 'Sand', da: 'Sand', es: 'Arena', fr: 'Sable', it: 'Sabbia', sv: 'Sand' },
  },
  {
    code: 'desert-sand',
    hex: '#d8b98c',
    name: { 'en-US': 'Desert Sand', 'en-GB': 'Desert Sand', pl: 'Piaskowy pustynny', nl: 'Woestijnzand', de: 'Wüstensand', da: 'Ørkensand', es: 'Arena del desierto', fr: 'Sable du désert', it: 'Sabbia del deserto', sv: 'Ökensand' },
  },

  // ------------------------------------------------------------ greens
  {
    code: 'moss-green',
    hex: '#8a9a5b',
    name: { 'en-US': 'Moss Green', 'en-GB': 'Moss Green', pl: 'Zielony mchowy', nl: 'Mosgroen', de: 'Moosgrün', da: 'Mosgrøn', es: 'Verde musgo', fr: 'Vert mousse', it: 'Verde muschio', sv: 'Mossgrön' },
  },
  {
    code: 'forest-green',
    hex: '#2c5e35',
    name: { 'en-US': 'Forest Green', 'en-GB': 'Forest Green', pl: 'Zielony leśny', nl: 'Bosgroen', de: 'Waldgrün', da: 'Skovgrøn', es: 'Verde bosque', fr: 'Vert forêt', it: 'Verde foresta', sv: 'Skogsgrön' },
  },
  {
    code: 'bottle-green',
    hex: '#0b4d2b',
    name: { 'en-US': 'Bottle Green', 'en-GB': 'Bottle Green', pl: 'Zielony butelkowy', nl: 'Flessengroen', de: 'Flaschengrün', da: 'Flaskegrøn', es: 'Verde botella', fr: 'Vert bouteille', it: 'Verde bottiglia', sv: 'Flaskgrön' },
  },
  {
    code: 'green',
    hex: '#2e8b3d',
    name: { 'en-US': 'Green', 'en-GB': 'Green', pl: 'Zielony', nl: 'Groen', de: 'Grün', da: 'Grøn', es: 'Verde', fr: 'Vert', it: 'Verde', sv: 'Grön' },
  },
  {
    code: 'kelly-green',
    hex: '#4cbb17',
    name: { 'en-US': 'Kelly Green', 'en-GB': 'Kelly Green', pl: 'Zielony trawiasty', nl: 'Grasgroen', de: 'Grasgrün', da: 'Græsgrøn', es: 'Verde hierba', fr: 'Vert prairie', it: 'Verde prato', sv: 'Gräsgrön' },
  },
  {
    code: 'emerald-green',
    hex: '#009b77',
    name: { 'en-US': 'Emerald Green', 'en-GB': 'Emerald Green', pl: 'Szmaragdowy', nl: 'Smaragdgroen', de: 'Smaragdgrün', da: 'Smaragdgrøn', es: 'Verde esmeralda', fr: 'Vert émeraude', it: 'Verde smeraldo', sv: 'Smaragdgrön' },
  },
  {
    code: 'sage-green',
    hex: '#9caf88',
    name: { 'en-US': 'Sage Green', 'en-GB': 'Sage Green', pl: 'Szałwiowy', nl: 'Saliegroen', de: 'Salbeigrün', da: 'Salviegrøn', es: 'Verde salvia', fr: 'Vert sauge', it: 'Verde salvia', sv: 'Salviagrön' },
  },
  {
    code: 'mint-green',
    hex: '#98e6c2',
    name: { 'en-US': 'Mint Green', 'en-GB': 'Mint Green', pl: 'Miętowy', nl: 'Mintgroen', de: 'Mintgrün', da: 'Mintgrøn', es: 'Verde menta', fr: 'Vert menthe', it: 'Verde menta', sv: 'Mintgrön' },
  },
  {
    code: 'lime-green',
    hex: '#9bd31c',
    name: { 'en-US': 'Lime Green', 'en-GB': 'Lime Green', pl: 'Limonkowy', nl: 'Limoengroen', de: 'Limettengrün', da: 'Limegrøn', es: 'Verde lima', fr: 'Vert citron', it: 'Verde lime', sv: 'Limegrön' },
  },
  {
    code: 'neon-green',
    hex: '#39ff14',
    name: { 'en-US': 'Neon Green', 'en-GB': 'Neon Green', pl: 'Zielony neonowy', nl: 'Neongroen', de: 'Neongrün', da: 'Neongrøn', es: 'Verde neón', fr: 'Vert fluo', it: 'Verde fluo', sv: 'Neongrön' },
  },

  // ------------------------------------------------------------ blue-greens
  {
    code: 'teal',
    hex: '#008080',
    name: { 'en-US': 'Teal', 'en-GB': 'Teal', pl: 'Morski', nl: 'Blauwgroen', de: 'Blaugrün', da: 'Blågrøn', es: 'Verde azulado', fr: 'Bleu canard', it: 'Ottanio', sv: 'Blågrön' },
  },
  {
    code: 'petrol-blue',
    hex: '#1d5c6e',
    name: { 'en-US': 'Petrol Blue', 'en-GB': 'Petrol Blue', pl: 'Petrolowy', nl: 'Petrol', de: 'Petrol', da: 'Petrol', es: 'Azul petróleo', fr: 'Bleu pétrole', it: 'Blu petrolio', sv: 'Petroleumblå' },
  },
  {
    code: 'turquoise',
    hex: '#30d5c8',
    name: { 'en-US': 'Turquoise', 'en-GB': 'Turquoise', pl: 'Turkusowy', nl: 'Turquoise', de: 'Türkis', da: 'Turkis', es: 'Turquesa', fr: 'Turquoise', it: 'Turchese', sv: 'Turkos' },
  },
  {
    code: 'aqua',
    hex: '#4fd9e3',
    name: { 'en-US': 'Aqua', 'en-GB': 'Aqua', pl: 'Akwamarynowy', nl: 'Aquablauw', de: 'Aquablau', da: 'Akvablå', es: 'Verde agua', fr: 'Bleu lagon', it: 'Verde acqua', sv: 'Aquablå' },
  },

  // ------------------------------------------------------------ blues
  {
    code: 'caribbean-blue',
    hex: '#1ac1dd',
    name: { 'en-US': 'Caribbean Blue', 'en-GB': 'Caribbean Blue', pl: 'Niebieski karaibski', nl: 'Caribisch blauw', de: 'Karibikblau', da: 'Caribisk blå', es: 'Azul caribe', fr: 'Bleu caraïbes', it: 'Blu caraibi', sv: 'Karibienblå' },
  },
  {
    code: 'sky-blue',
    hex: '#87ceeb',
    name: { 'en-US': 'Sky Blue', 'en-GB': 'Sky Blue', pl: 'Błękitny', nl: 'Hemelsblauw', de: 'Himmelblau', da: 'Himmelblå', es: 'Azul cielo', fr: 'Bleu ciel', it: 'Azzurro', sv: 'Himmelsblå' },
  },
  {
    code: 'baby-blue',
    hex: '#a9cff1',
    name: { 'en-US': 'Baby Blue', 'en-GB': 'Baby Blue', pl: 'Jasnoniebieski', nl: 'Babyblauw', de: 'Babyblau', da: 'Babyblå', es: 'Azul bebé', fr: 'Bleu layette', it: 'Celeste', sv: 'Babyblå' },
  },
  {
    code: 'ocean-blue',
    hex: '#0e6b8f',
    name: { 'en-US': 'Ocean Blue', 'en-GB': 'Ocean Blue', pl: 'Niebieski oceaniczny', nl: 'Oceaanblauw', de: 'Ozeanblau', da: 'Havblå', es: 'Azul océano', fr: 'Bleu océan', it: 'Blu oceano', sv: 'Havsblå' },
  },
  {
    code: 'electric-blue',
    hex: '#0892d0',
    name: { 'en-US': 'Electric Blue', 'en-GB': 'Electric Blue', pl: 'Niebieski elektryczny', nl: 'Elektrisch blauw', de: 'Elektrikblau', da: 'Elektrisk blå', es: 'Azul eléctrico', fr: 'Bleu électrique', it: 'Blu elettrico', sv: 'Elblå' },
  },
  {
    code: 'steel-blue',
    hex: '#4682b4',
    name: { 'en-US': 'Steel Blue', 'en-GB': 'Steel Blue', pl: 'Stalowoniebieski', nl: 'Staalblauw', de: 'Stahlblau', da: 'Stålblå', es: 'Azul acero', fr: 'Bleu acier', it: 'Blu acciaio', sv: 'Stålblå' },
  },
  {
    code: 'blue',
    hex: '#1f5bb5',
    name: { 'en-US': 'Blue', 'en-GB': 'Blue', pl: 'Niebieski', nl: 'Blauw', de: 'Blau', da: 'Blå', es: 'Azul', fr: 'Bleu', it: 'Blu', sv: 'Blå' },
  },
  {
    code: 'royal-blue',
    hex: '#2a4fbf',
    name: { 'en-US': 'Royal Blue', 'en-GB': 'Royal Blue', pl: 'Niebieski królewski', nl: 'Koningsblauw', de: 'Königsblau', da: 'Kongeblå', es: 'Azul rey', fr: 'Bleu roi', it: 'Blu reale', sv: 'Kungsblå' },
  },
  {
    code: 'cobalt-blue',
    hex: '#0047ab',
    name: { 'en-US': 'Cobalt Blue', 'en-GB': 'Cobalt Blue', pl: 'Kobaltowy', nl: 'Kobaltblauw', de: 'Kobaltblau', da: 'Koboltblå', es: 'Azul cobalto', fr: 'Bleu cobalt', it: 'Blu cobalto', sv: 'Koboltblå' },
  },
  {
    code: 'navy-blue',
    hex: '#1f2a48',
    name: { 'en-US': 'Navy Blue', 'en-GB': 'Navy Blue', pl: 'Granatowy', nl: 'Marineblauw', de: 'Marineblau', da: 'Marineblå', es: 'Azul marino', fr: 'Bleu marine', it: 'Blu marino', sv: 'Marinblå' },
  },
  {
    code: 'midnight-blue',
    hex: '#191970',
    name: { 'en-US': 'Midnight Blue', 'en-GB': 'Midnight Blue', pl: 'Ciemnogranatowy', nl: 'Middernachtblauw', de: 'Mitternachtsblau', da: 'Midnatsblå', es: 'Azul medianoche', fr: 'Bleu nuit', it: 'Blu notte', sv: 'Midnattsblå' },
  },

  // ------------------------------------------------------------ reds
  {
    code: 'red',
    hex: '#c8102e',
    name: { 'en-US': 'Red', 'en-GB': 'Red', pl: 'Czerwony', nl: 'Rood', de: 'Rot', da: 'Rød', es: 'Rojo', fr: 'Rouge', it: 'Rosso', sv: 'Röd' },
  },
  {
    code: 'imperial-red',
    hex: '#ed2939',
    name: { 'en-US': 'Imperial Red', 'en-GB': 'Imperial Red', pl: 'Czerwony imperialny', nl: 'Keizersrood', de: 'Kaiserrot', da: 'Kejserrød', es: 'Rojo imperial', fr: 'Rouge impérial', it: 'Rosso imperiale', sv: 'Kejsarröd' },
  },
  {
    code: 'cherry-red',
    hex: '#d2042d',
    name: { 'en-US': 'Cherry Red', 'en-GB': 'Cherry Red', pl: 'Wiśniowy', nl: 'Kersenrood', de: 'Kirschrot', da: 'Kirsebærrød', es: 'Rojo cereza', fr: 'Rouge cerise', it: 'Rosso ciliegia', sv: 'Körsbärsröd' },
  },
  {
    code: 'brick-red',
    hex: '#a33a2a',
    name: { 'en-US': 'Brick Red', 'en-GB': 'Brick Red', pl: 'Ceglasty', nl: 'Steenrood', de: 'Ziegelrot', da: 'Teglrød', es: 'Rojo ladrillo', fr: 'Rouge brique', it: 'Rosso mattone', sv: 'Tegelröd' },
  },
  {
    code: 'burgundy',
    hex: '#800020',
    name: { 'en-US': 'Burgundy', 'en-GB': 'Burgundy', pl: 'Bordowy', nl: 'Bordeaux', de: 'Bordeaux', da: 'Bordeaux', es: 'Burdeos', fr: 'Bordeaux', it: 'Bordò', sv: 'Burgundröd' },
  },
  {
    code: 'wine-red',
    hex: '#722f37',
    name: { 'en-US': 'Wine Red', 'en-GB': 'Wine Red', pl: 'Winny', nl: 'Wijnrood', de: 'Weinrot', da: 'Vinrød', es: 'Rojo vino', fr: 'Lie-de-vin', it: 'Rosso vino', sv: 'Vinröd' },
  },
  {
    code: 'rust',
    hex: '#b7410e',
    name: { 'en-US': 'Rust', 'en-GB': 'Rust', pl: 'Rdzawy', nl: 'Roestbruin', de: 'Rostbraun', da: 'Rustbrun', es: 'Óxido', fr: 'Rouille', it: 'Ruggine', sv: 'Rostbrun' },
  },

  // ------------------------------------------------------------ metallics
  {
    code: 'copper',
    hex: '#b87333',
    name: { 'en-US': 'Copper', 'en-GB': 'Copper', pl: 'Miedziany', nl: 'Koper', de: 'Kupfer', da: 'Kobber', es: 'Cobre', fr: 'Cuivre', it: 'Rame', sv: 'Koppar' },
  },
  {
    code: 'gold',
    hex: '#d4af37',
    name: { 'en-US': 'Gold', 'en-GB': 'Gold', pl: 'Złoty', nl: 'Goud', de: 'Gold', da: 'Guld', es: 'Dorado', fr: 'Doré', it: 'Oro', sv: 'Guld' },
  },

  // ------------------------------------------------------------ oranges and pinks
  {
    code: 'orange',
    hex: '#ff7f00',
    name: { 'en-US': 'Orange', 'en-GB': 'Orange', pl: 'Pomarańczowy', nl: 'Oranje', de: 'Orange', da: 'Orange', es: 'Naranja', fr: 'Orange', it: 'Arancione', sv: 'Orange' },
  },
  {
    code: 'neon-orange',
    hex: '#ff5f1f',
    name: { 'en-US': 'Neon Orange', 'en-GB': 'Neon Orange', pl: 'Pomarańczowy neonowy', nl: 'Neonoranje', de: 'Neonorange', da: 'Neonorange', es: 'Naranja neón', fr: 'Orange fluo', it: 'Arancione fluo', sv: 'Neonorange' },
  },
  {
    code: 'coral',
    hex: '#ff7f50',
    name: { 'en-US': 'Coral', 'en-GB': 'Coral', pl: 'Koralowy', nl: 'Koraalrood', de: 'Koralle', da: 'Koral', es: 'Coral', fr: 'Corail', it: 'Corallo', sv: 'Korall' },
  },
  {
    code: 'salmon',
    hex: '#fa8072',
    name: { 'en-US': 'Salmon', 'en-GB': 'Salmon', pl: 'Łososiowy', nl: 'Zalmroze', de: 'Lachs', da: 'Laks', es: 'Salmón', fr: 'Saumon', it: 'Salmone', sv: 'Laxrosa' },
  },
  {
    code: 'peach',
    hex: '#ffcba4',
    name: { 'en-US': 'Peach', 'en-GB': 'Peach', pl: 'Brzoskwiniowy', nl: 'Perzik', de: 'Pfirsich', da: 'Fersken', es: 'Melocotón', fr: 'Pêche', it: 'Pesca', sv: 'Persika' },
  },
  {
    code: 'rose-pink',
    hex: '#f4a6c0',
    name: { 'en-US': 'Rose Pink', 'en-GB': 'Rose Pink', pl: 'Różowy', nl: 'Roze', de: 'Rosa', da: 'Lyserød', es: 'Rosa', fr: 'Rose', it: 'Rosa', sv: 'Rosa' },
  },
  {
    code: 'neon-pink',
    hex: '#ff3eb5',
    name: { 'en-US': 'Neon Pink', 'en-GB': 'Neon Pink', pl: 'Różowy neonowy', nl: 'Neonroze', de: 'Neonpink', da: 'Neonpink', es: 'Rosa neón', fr: 'Rose fluo', it: 'Rosa fluo', sv: 'Neonrosa' },
  },
  {
    code: 'raspberry',
    hex: '#b3204c',
    name: { 'en-US': 'Raspberry', 'en-GB': 'Raspberry', pl: 'Malinowy', nl: 'Framboos', de: 'Himbeere', da: 'Hindbær', es: 'Frambuesa', fr: 'Framboise', it: 'Lampone', sv: 'Hallon' },
  },
  {
    code: 'fuchsia',
    hex: '#d0189a',
    name: { 'en-US': 'Fuchsia', 'en-GB': 'Fuchsia', pl: 'Fuksjowy', nl: 'Fuchsia', de: 'Fuchsia', da: 'Fuchsia', es: 'Fucsia', fr: 'Fuchsia', it: 'Fucsia', sv: 'Cerise' },
  },
  {
    code: 'magenta',
    hex: '#ca1f7b',
    name: { 'en-US': 'Magenta', 'en-GB': 'Magenta', pl: 'Magenta', nl: 'Magenta', de: 'Magenta', da: 'Magenta', es: 'Magenta', fr: 'Magenta', it: 'Magenta', sv: 'Magenta' },
  },

  // ------------------------------------------------------------ purples
  {
    code: 'purple',
    hex: '#6a0dad',
    name: { 'en-US': 'Purple', 'en-GB': 'Purple', pl: 'Fioletowy', nl: 'Paars', de: 'Lila', da: 'Lilla', es: 'Morado', fr: 'Violet', it: 'Viola', sv: 'Lila' },
  },
  {
    code: 'plum',
    hex: '#8e4585',
    name: { 'en-US': 'Plum', 'en-GB': 'Plum', pl: 'Śliwkowy', nl: 'Pruim', de: 'Pflaume', da: 'Blomme', es: 'Ciruela', fr: 'Prune', it: 'Prugna', sv: 'Plommon' },
  },
  {
    code: 'lavender',
    hex: '#b57edc',
    name: { 'en-US': 'Lavender', 'en-GB': 'Lavender', pl: 'Lawendowy', nl: 'Lavendel', de: 'Lavendel', da: 'Lavendel', es: 'Lavanda', fr: 'Lavande', it: 'Lavanda', sv: 'Lavendel' },
  },
  {
    code: 'lilac',
    hex: '#c8a2c8',
    name: { 'en-US': 'Lilac', 'en-GB': 'Lilac', pl: 'Liliowy', nl: 'Lila', de: 'Flieder', da: 'Syrenlilla', es: 'Lila', fr: 'Lilas', it: 'Lilla', sv: 'Syrenlila' },
  },

  // ------------------------------------------------------------ greys
  {
    code: 'charcoal-grey',
    hex: '#36454f',
    name: { 'en-US': 'Charcoal Gray', 'en-GB': 'Charcoal Grey', pl: 'Antracytowy', nl: 'Antraciet', de: 'Anthrazit', da: 'Antracit', es: 'Gris marengo', fr: 'Gris anthracite', it: 'Grigio antracite', sv: 'Kolgrå' },
  },
  {
    code: 'graphite',
    hex: '#41424c',
    name: { 'en-US': 'Graphite', 'en-GB': 'Graphite', pl: 'Grafitowy', nl: 'Grafiet', de: 'Graphit', da: 'Grafitgrå', es: 'Grafito', fr: 'Graphite', it: 'Grafite', sv: 'Grafit' },
  },
  {
    code: 'slate-grey',
    hex: '#5a6470',
    name: { 'en-US': 'Slate Gray', 'en-GB': 'Slate Grey', pl: 'Szary łupkowy', nl: 'Leisteengrijs', de: 'Schiefergrau', da: 'Skifergrå', es: 'Gris pizarra', fr: 'Gris ardoise', it: 'Grigio ardesia', sv: 'Skiffergrå' },
  },
  {
    code: 'grey',
    hex: '#808080',
    name: { 'en-US': 'Gray', 'en-GB': 'Grey', pl: 'Szary', nl: 'Grijs', de: 'Grau', da: 'Grå', es: 'Gris', fr: 'Gris', it: 'Grigio', sv: 'Grå' },
  },
  {
    code: 'wolf-grey',
    hex: '#8b8c89',
    name: { 'en-US': 'Wolf Gray', 'en-GB': 'Wolf Grey', pl: 'Szary wilczy', nl: 'Wolfgrijs', de: 'Wolfsgrau', da: 'Ulvegrå', es: 'Gris lobo', fr: 'Gris loup', it: 'Grigio lupo', sv: 'Vargrå' },
  },
  {
    code: 'silver-grey',
    hex: '#a8a9ad',
    name: { 'en-US': 'Silver Gray', 'en-GB': 'Silver Grey', pl: 'Srebrnoszary', nl: 'Zilvergrijs', de: 'Silbergrau', da: 'Sølvgrå', es: 'Gris plata', fr: 'Gris argent', it: 'Grigio argento', sv: 'Silvergrå' },
  },
  {
    code: 'light-grey',
    hex: '#cfcfcf',
    name: { 'en-US': 'Light Gray', 'en-GB': 'Light Grey', pl: 'Jasnoszary', nl: 'Lichtgrijs', de: 'Hellgrau', da: 'Lysegrå', es: 'Gris claro', fr: 'Gris clair', it: 'Grigio chiaro', sv: 'Ljusgrå' },
  },

  // ------------------------------------------------------------ browns
  {
    code: 'chocolate-brown',
    hex: '#4e2a1e',
    name: { 'en-US': 'Chocolate Brown', 'en-GB': 'Chocolate Brown', pl: 'Czekoladowy', nl: 'Chocoladebruin', de: 'Schokobraun', da: 'Chokoladebrun', es: 'Marrón chocolate', fr: 'Chocolat', it: 'Marrone cioccolato', sv: 'Chokladbrun' },
  },
  {
    code: 'brown',
    hex: '#6b4226',
    name: { 'en-US': 'Brown', 'en-GB': 'Brown', pl: 'Brązowy', nl: 'Bruin', de: 'Braun', da: 'Brun', es: 'Marrón', fr: 'Marron', it: 'Marrone', sv: 'Brun' },
  },
  {
    code: 'walnut-brown',
    hex: '#5d432c',
    name: { 'en-US': 'Walnut Brown', 'en-GB': 'Walnut Brown', pl: 'Orzechowy', nl: 'Notenbruin', de: 'Nussbraun', da: 'Valnøddebrun', es: 'Nogal', fr: 'Noyer', it: 'Noce', sv: 'Valnötsbrun' },
  },
  {
    code: 'mocha',
    hex: '#7b5b47',
    name: { 'en-US': 'Mocha', 'en-GB': 'Mocha', pl: 'Mokka', nl: 'Mokkabruin', de: 'Mokka', da: 'Mokkabrun', es: 'Moca', fr: 'Moka', it: 'Moka', sv: 'Mocka' },
  },

  // ------------------------------------------------------------ naturals
  {
    code: 'beige',
    hex: '#d8c3a5',
    name: { 'en-US': 'Beige', 'en-GB': 'Beige', pl: 'Beżowy', nl: 'Beige', de: 'Beige', da: 'Beige', es: 'Beige', fr: 'Beige', it: 'Beige', sv: 'Beige' },
  },
  {
    code: 'cream',
    hex: '#f3e5c0',
    name: { 'en-US': 'Cream', 'en-GB': 'Cream', pl: 'Kremowy', nl: 'Crème', de: 'Creme', da: 'Creme', es: 'Crema', fr: 'Crème', it: 'Crema', sv: 'Gräddvit' },
  },
  {
    code: 'ivory',
    hex: '#f2ead3',
    name: { 'en-US': 'Ivory', 'en-GB': 'Ivory', pl: 'Ecru', nl: 'Ivoor', de: 'Elfenbein', da: 'Elfenben', es: 'Marfil', fr: 'Ivoire', it: 'Avorio', sv: 'Elfenbensvit' },
  },

  // ------------------------------------------------------------ yellows
  {
    code: 'mustard',
    hex: '#c9a227',
    name: { 'en-US': 'Mustard', 'en-GB': 'Mustard', pl: 'Musztardowy', nl: 'Mosterdgeel', de: 'Senfgelb', da: 'Sennepsgul', es: 'Mostaza', fr: 'Moutarde', it: 'Senape', sv: 'Senapsgul' },
  },
  {
    code: 'sunflower-yellow',
    hex: '#ffc512',
    name: { 'en-US': 'Sunflower Yellow', 'en-GB': 'Sunflower Yellow', pl: 'Słonecznikowy', nl: 'Zonnebloemgeel', de: 'Sonnenblumengelb', da: 'Solsikkegul', es: 'Amarillo girasol', fr: 'Jaune tournesol', it: 'Giallo girasole', sv: 'Solrosgul' },
  },
  {
    code: 'yellow',
    hex: '#f5d000',
    name: { 'en-US': 'Yellow', 'en-GB': 'Yellow', pl: 'Żółty', nl: 'Geel', de: 'Gelb', da: 'Gul', es: 'Amarillo', fr: 'Jaune', it: 'Giallo', sv: 'Gul' },
  },
  {
    code: 'neon-yellow',
    hex: '#f2ff26',
    name: { 'en-US': 'Neon Yellow', 'en-GB': 'Neon Yellow', pl: 'Żółty neonowy', nl: 'Neongeel', de: 'Neongelb', da: 'Neongul', es: 'Amarillo neón', fr: 'Jaune fluo', it: 'Giallo fluo', sv: 'Neongul' },
  },
  {
    code: 'acid-yellow',
    hex: '#d4e600',
    name: { 'en-US': 'Acid Yellow', 'en-GB': 'Acid Yellow', pl: 'Żółty kwasowy', nl: 'Gifgeel', de: 'Giftgelb', da: 'Syregul', es: 'Amarillo ácido', fr: 'Jaune acide', it: 'Giallo acido', sv: 'Giftgul' },
  },
];

export type PatternCode = 'solid' | 'camo' | 'stripes' | 'diamond' | 'snake' | 'spiral' | 'tracer' | 'reflective' | 'glow';

export interface PatternDefinition {
  code: PatternCode;
  /** how many base colours the pattern combines: 1 for solid/reflective/glow, 2 for the others (tracer: main colour + thin tracer line) */
  colourCount: 1 | 2;
  /** the pattern's name as a noun phrase, e.g. en 'Camo', de 'Tarnmuster' */
  name: Translated;
  /** template building a design's display name from colour names {c1} and {c2}, e.g. en-US '{c1}/{c2} Camo', de 'Tarnmuster {c1}/{c2}' */
  designName: Translated;
}

export const patterns: readonly PatternDefinition[] = [
  {
    code: 'solid',
    colourCount: 1,
    name: { 'en-US': 'Solid Color', 'en-GB': 'Solid Colour', pl: 'Jednolity kolor', nl: 'Effen kleur', de: 'Uni', da: 'Ensfarvet', es: 'Color liso', fr: 'Uni', it: 'Tinta unita', sv: 'Enfärgad' },
    designName: { 'en-US': '{c1}', 'en-GB': '{c1}', pl: '{c1}', nl: '{c1}', de: '{c1}', da: '{c1}', es: '{c1}', fr: '{c1}', it: '{c1}', sv: '{c1}' },
  },
  {
    code: 'camo',
    colourCount: 2,
    name: { 'en-US': 'Camo', 'en-GB': 'Camo', pl: 'Kamuflaż', nl: 'Camouflage', de: 'Tarnmuster', da: 'Camouflage', es: 'Camuflaje', fr: 'Camouflage', it: 'Mimetico', sv: 'Kamouflage' },
    designName: {
      'en-US': '{c1}/{c2} Camo',
      'en-GB': '{c1}/{c2} Camo',
      pl: 'Kamuflaż {c1}/{c2}',
      nl: 'Camouflage {c1}/{c2}',
      de: 'Tarnmuster {c1}/{c2}',
      da: 'Camouflage {c1}/{c2}',
      es: 'Camuflaje {c1}/{c2}',
      fr: 'Camouflage {c1}/{c2}',
      it: 'Mimetico {c1}/{c2}',
      sv: 'Kamouflage {c1}/{c2}',
    },
  },
  {
    code: 'stripes',
    colourCount: 2,
    name: { 'en-US': 'Stripes', 'en-GB': 'Stripes', pl: 'Paski', nl: 'Strepen', de: 'Streifen', da: 'Striber', es: 'Rayas', fr: 'Rayures', it: 'Righe', sv: 'Ränder' },
    designName: {
      'en-US': '{c1}/{c2} Stripes',
      'en-GB': '{c1}/{c2} Stripes',
      pl: '{c1}/{c2} w paski',
      nl: 'Strepen {c1}/{c2}',
      de: 'Streifen {c1}/{c2}',
      da: 'Striber {c1}/{c2}',
      es: '{c1}/{c2} a rayas',
      fr: '{c1}/{c2} à rayures',
      it: '{c1}/{c2} a righe',
      sv: 'Ränder {c1}/{c2}',
    },
  },
  {
    code: 'diamond',
    colourCount: 2,
    name: { 'en-US': 'Diamond', 'en-GB': 'Diamond', pl: 'Romby', nl: 'Ruitpatroon', de: 'Rautenmuster', da: 'Diamantmønster', es: 'Rombos', fr: 'Losanges', it: 'Rombi', sv: 'Diamantmönster' },
    designName: {
      'en-US': '{c1}/{c2} Diamond',
      'en-GB': '{c1}/{c2} Diamond',
      pl: '{c1}/{c2} w romby',
      nl: 'Ruitpatroon {c1}/{c2}',
      de: 'Rautenmuster {c1}/{c2}',
      da: 'Diamantmønster {c1}/{c2}',
      es: '{c1}/{c2} con rombos',
      fr: '{c1}/{c2} à losanges',
      it: '{c1}/{c2} a rombi',
      sv: 'Diamantmönster {c1}/{c2}',
    },
  },
  {
    code: 'snake',
    colourCount: 2,
    name: { 'en-US': 'Snake', 'en-GB': 'Snake', pl: 'Wzór wężowy', nl: 'Slangenpatroon', de: 'Schlangenmuster', da: 'Slangemønster', es: 'Efecto serpiente', fr: 'Motif serpent', it: 'Effetto serpente', sv: 'Ormmönster' },
    designName: {
      'en-US': '{c1}/{c2} Snake',
      'en-GB': '{c1}/{c2} Snake',
      pl: '{c1}/{c2} – wzór wężowy',
      nl: 'Slangenpatroon {c1}/{c2}',
      de: 'Schlangenmuster {c1}/{c2}',
      da: 'Slangemønster {c1}/{c2}',
      es: '{c1}/{c2} efecto serpiente',
      fr: '{c1}/{c2} motif serpent',
      it: '{c1}/{c2} effetto serpente',
      sv: 'Ormmönster {c1}/{c2}',
    },
  },
  {
    code: 'spiral',
    colourCount: 2,
    name: { 'en-US': 'Spiral', 'en-GB': 'Spiral', pl: 'Spirala', nl: 'Spiraal', de: 'Spiralmuster', da: 'Spiralmønster', es: 'Espiral', fr: 'Spirale', it: 'Spirale', sv: 'Spiralmönster' },
    designName: {
      'en-US': '{c1}/{c2} Spiral',
      'en-GB': '{c1}/{c2} Spiral',
      pl: '{c1}/{c2} w spiralę',
      nl: 'Spiraal {c1}/{c2}',
      de: 'Spiralmuster {c1}/{c2}',
      da: 'Spiralmønster {c1}/{c2}',
      es: '{c1}/{c2} en espiral',
      fr: '{c1}/{c2} en spirale',
      it: '{c1}/{c2} a spirale',
      sv: 'Spiralmönster {c1}/{c2}',
    },
  },
  {
    code: 'tracer',
    colourCount: 2,
    name: { 'en-US': 'Tracer', 'en-GB': 'Tracer', pl: 'Wplot', nl: 'Markeerdraad', de: 'Kennfaden', da: 'Kontrasttråd', es: 'Hilo trazador', fr: 'Fil traceur', it: 'Filo tracciante', sv: 'Kontrasttråd' },
    designName: {
      'en-US': '{c1} with {c2} Tracer',
      'en-GB': '{c1} with {c2} Tracer',
      pl: '{c1}, wplot {c2}',
      nl: '{c1} met markeerdraad in {c2}',
      de: '{c1} mit Kennfaden in {c2}',
      da: '{c1} med kontrasttråd i {c2}',
      es: '{c1} con hilo trazador {c2}',
      fr: '{c1} avec fil traceur {c2}',
      it: '{c1} con filo tracciante {c2}',
      sv: '{c1} med kontrasttråd i {c2}',
    },
  },
  {
    code: 'reflective',
    colourCount: 1,
    name: { 'en-US': 'Reflective', 'en-GB': 'Reflective', pl: 'Odblaskowy', nl: 'Reflecterend', de: 'Reflektierend', da: 'Reflekterende', es: 'Reflectante', fr: 'Réfléchissant', it: 'Riflettente', sv: 'Reflekterande' },
    designName: {
      'en-US': '{c1} Reflective',
      'en-GB': '{c1} Reflective',
      pl: '{c1} odblaskowy',
      nl: '{c1} reflecterend',
      de: '{c1} reflektierend',
      da: '{c1} reflekterende',
      es: '{c1} reflectante',
      fr: '{c1} réfléchissant',
      it: '{c1} riflettente',
      sv: '{c1} reflekterande',
    },
  },
  {
    code: 'glow',
    colourCount: 1,
    name: { 'en-US': 'Glow in the Dark', 'en-GB': 'Glow in the Dark', pl: 'Świecący w ciemności', nl: 'Lichtgevend', de: 'Nachtleuchtend', da: 'Selvlysende', es: 'Fosforescente', fr: 'Phosphorescent', it: 'Fosforescente', sv: 'Självlysande' },
    designName: {
      'en-US': 'Glow in the Dark {c1}',
      'en-GB': 'Glow in the Dark {c1}',
      pl: '{c1} świecący w ciemności',
      nl: '{c1} lichtgevend in het donker',
      de: 'Nachtleuchtend {c1}',
      da: '{c1} selvlysende',
      es: '{c1} fosforescente',
      fr: '{c1} phosphorescent',
      it: '{c1} fosforescente',
      sv: '{c1} självlysande',
    },
  },
];
