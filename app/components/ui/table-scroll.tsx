import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a phone: a labelled region that takes the keyboard focus,
 * so people without a mouse can scroll it too (WCAG 2.1.1; axe scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
