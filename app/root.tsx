import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { requestInfoContext, servicesContext } from './context.ts';
import './styles/global.css';

export function loader({ context }: Route.LoaderArgs) {
  return { cspNonce: context.get(requestInfoContext).cspNonce, shopName: context.get(servicesContext).shopName };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={data?.cspNonce} />
        <Scripts nonce={data?.cspNonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? '404 Not Found' : `${status} Error`;
  return (
    <main className="error-page">
      <title>{title}</title>
      <h1>{status === 404 ? "Sorry, we can't find the page you are looking for." : 'Oops'}</h1>
      <p>{status === 404 ? <a href="/">Home</a> : 'It looks like something broke'}</p>
    </main>
  );
}
