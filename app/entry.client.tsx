/**
 * The browser's entry: React Router's default (`npx react-router reveal entry.client`), except that
 * it reads the page's UI messages before it hydrates (decision 0032). The page's head preloads
 * them, so this is usually the answer already on its way; hydration then renders the very texts the
 * server rendered (no flash of keys, no shift).
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadPageMessages } from './modules/i18n/page-messages.tsx';

async function hydrate() {
  const messagesPath = document.querySelector('link[data-page-messages]')?.getAttribute('href');
  if (messagesPath) await loadPageMessages(messagesPath);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// Without its messages the page stays as the server sent it (forms work without JavaScript)
// rather than hydrating into message keys.
hydrate().catch((error: unknown) => console.error('the page’s messages could not be read; it stays without JavaScript', error));
