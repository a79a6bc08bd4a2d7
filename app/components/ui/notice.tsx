import type { ReactNode } from 'react';

/**
 * A short message in the page's flow: a confirmation (`tone="success"`, announced as a status) or a
 * plain note. One place for the notice classes instead of the class string in every component.
 */
export function Notice({ tone, role, children }: { tone?: 'success'; role?: 'status' | 'note'; children: ReactNode }) {
  return (
    <p className={tone ? `notice notice--${tone}` : 'notice'} role={role ?? (tone === 'success' ? 'status' : undefined)}>
      {children}
    </p>
  );
}
