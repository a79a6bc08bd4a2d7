/** Stores whose shoppers read imperial units first (feet, inches, pounds), with metric after. */
const imperialFirst: ReadonlySet<string> = new Set(['en-US']);

/** Whether lengths, diameters and weights are shown in imperial units first in this locale. */
export const showsImperialFirst = (locale: string): boolean => imperialFirst.has(locale);
