import { Children, cloneElement, Fragment, isValidElement, type LinkHTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { Scripts, type ScriptsProps } from 'react-router';

/**
 * React Router's <Scripts> with its module preloads at low priority (issue 14, decision 0030):
 * pages are drawn from the server's HTML and the scripts only make them interactive, so they do not
 * go before the stylesheet and the pictures of a phone's first screen (and Lighthouse's simulation
 * stops counting them as holding up the first paint). <Scripts> takes no props for its links, so
 * its output is rewritten.
 */
export function PageScripts(props: ScriptsProps) {
  // Called as a function: its hooks are this component's, the same ones in the same order on every render.
  return withLowPriorityPreloads(Scripts(props));
}

function withLowPriorityPreloads(node: ReactNode): ReactNode {
  if (!isValidElement<{ rel?: string; children?: ReactNode }>(node)) return node;
  if (node.type === 'link' && node.props.rel === 'modulepreload')
    return cloneElement(node as ReactElement<LinkHTMLAttributes<HTMLLinkElement>>, { fetchPriority: 'low' });
  if (node.type === Fragment) return cloneElement(node, undefined, ...Children.toArray(node.props.children).map(withLowPriorityPreloads));
  return node;
}
