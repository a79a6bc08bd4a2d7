/** At most one free sample per product, and at most this many samples per order. (Prices and cut lengths: `pricing/`.) */
export const maxSamplesPerOrder = 5;
