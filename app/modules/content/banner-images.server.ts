import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Pictures of the seeded banners, drawn as SVG (1280×480) so a shop without the demo catalogue
 * has them too: rope strands in the banner's colours across a soft background. Written into the
 * media directory only when missing, so a shop owner's replacement is kept.
 */
function ropeBanner(background: string, colours: readonly string[]): string {
  const strands = colours
    .map((colour, index) => {
      const y = 140 + index * 70;
      return `<path d="M-20 ${y} C 300 ${y - 120}, 600 ${y + 140}, 900 ${y - 20} S 1200 ${y - 90}, 1300 ${y + 10}" stroke="${colour}" stroke-width="34" fill="none" stroke-linecap="round"/>
<path d="M-20 ${y} C 300 ${y - 120}, 600 ${y + 140}, 900 ${y - 20} S 1200 ${y - 90}, 1300 ${y + 10}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="34" stroke-dasharray="6 14" fill="none"/>`;
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 480" width="1280" height="480"><rect width="1280" height="480" fill="${background}"/>${strands}</svg>\n`;
}

export const bannerDrawings: Record<string, string> = {
  'banners/cut-to-length.svg': ropeBanner('#e7f2ea', ['#1f6b36', '#f5c400', '#c0392b', '#2c3e50']),
  'banners/free-samples.svg': ropeBanner('#fff6cc', ['#8e44ad', '#16a085', '#d35400']),
  'banners/showroom.svg': ropeBanner('#eef1ea', ['#4b5320', '#c2a878', '#1f6b36', '#7f8c8d']),
};

export async function writeBannerImages(mediaDir: string): Promise<void> {
  for (const [path, svg] of Object.entries(bannerDrawings)) {
    const file = join(mediaDir, path);
    if (existsSync(file)) continue;
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, svg);
  }
}
