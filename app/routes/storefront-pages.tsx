import { data, Outlet } from 'react-router';
import type { Route } from './+types/storefront-pages';
import { ErrorPage } from '#app/components/error-page.tsx';
import { requestInfoContext } from '#app/context.ts';

/**
 * A path whose percent-encoding was broken (server/app.ts) is no page: 400. Thrown from a loader,
 * not a middleware, so the shell's loaders run and the page speaks the store's language.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (context.get(requestInfoContext).malformedTarget) throw data(null, { status: 400 });
  return null;
}

export default function StorefrontPages() {
  return <Outlet />;
}

/** Errors of a page show inside the shop's header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
