const special: Record<string, string> = { ß: 'ss', ł: 'l', Ł: 'l', ø: 'o', Ø: 'o', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', đ: 'd' };

/** An ASCII URL key from a name in any of the shop's languages ("Weiß / Grün" -> "weiss-grun"). */
export function slugify(text: string): string {
  return text
    .replace(/[ßłŁøØæÆœŒđ]/g, (c) => special[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
