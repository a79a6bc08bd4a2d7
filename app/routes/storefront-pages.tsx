import { Outlet } from 'react-router';
import type { Route } from './+types/storefront-pages';
import { ErrorPage } from '../components/error-page.tsx';

export default function StorefrontPages() {
  return <Outlet />;
}

/** Errors of a page show inside the shop's header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
