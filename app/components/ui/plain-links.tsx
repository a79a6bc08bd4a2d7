import { type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Client-side navigation for the plain `<a href>` links inside an element, from one click handler
 * on the element instead of a `<Link>` each (decision 0050): the header, menus and footer repeat
 * some 130 links on every page, and each `<Link>` is a component with its own hooks that hydration
 * runs on a phone before the page answers a tap. A click the browser should handle itself (another
 * tab, a download, another site, a modifier key) is left to it, as `<Link>` does.
 */
export function usePlainLinkClicks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link || !event.currentTarget.contains(link) || link.hasAttribute('download')) return;
      if ((link.target && link.target !== '_self') || link.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(`${link.pathname}${link.search}${link.hash}`);
    },
    [navigate],
  );
}
