import type { ReactNode } from 'react';
import { PageHead, samePathAlternates } from '#app/components/page-head.tsx';

interface AccountPageProps {
  title: string;
  /** path below the locale prefix, the same in every store */
  path: string;
  children: ReactNode;
  /** login, register and password screens: one centred column */
  narrow?: boolean;
  /** pages inside the customer area, which brings its own container and navigation */
  inArea?: boolean;
}

/**
 * The frame of the login, register and password screens and of the account pages: a title, the
 * same path in every store for the locale switcher, and no indexing (these pages are personal).
 */
export function AccountPage({ title, path, children, narrow, inArea }: AccountPageProps) {
  const className = inArea ? 'account-page' : `container account-page${narrow ? ' account-page--narrow' : ''}`;
  return (
    <div className={className}>
      <PageHead title={title} alternates={samePathAlternates(`/${path}`)} noindex />
      <h1>{title}</h1>
      {children}
    </div>
  );
}
