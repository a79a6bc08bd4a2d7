import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Scripts, type ScriptsProps } from 'react-router';

/** The longest the scripts wait for the first screen's pictures: a slow picture must not keep the page from becoming interactive. */
const firstScreenWaitMs = 2_500;

/**
 * React Router's <Scripts>, started once the first screen is drawn (issue 14, decisions 0030 and
 * 0037). Pages are drawn from the server's HTML and work without JavaScript; the scripts only make
 * them interactive. So the HTML asks for nothing but its stylesheet and the first screen's pictures,
 * and the scripts (and the page's messages, decision 0032) are fetched once those pictures are
 * painted: on a phone's slow connection they no longer share its bandwidth with the largest picture.
 * <Scripts> takes no props for this, so its output is rewritten: its module preloads leave the head
 * and its module script's static imports become imports that wait.
 */
export function PageScripts({ messagesPath, ...props }: ScriptsProps & { messagesPath?: string }) {
  // Called as a function: its hooks are this component's, the same ones in the same order on every render.
  const scripts = Scripts(props);
  const preloads = modulePreloadsIn(scripts);
  return startedAfterFirstScreen(scripts, (script) => afterFirstScreen(script, preloads, messagesPath));
}

type ElementProps = { rel?: string; href?: string; type?: string; children?: ReactNode; dangerouslySetInnerHTML?: { __html: string } };

const childrenOf = (node: ReactElement<ElementProps>) => Children.toArray(node.props.children);

function modulePreloadsIn(node: ReactNode): string[] {
  if (!isValidElement<ElementProps>(node)) return [];
  if (node.type === 'link' && node.props.rel === 'modulepreload' && node.props.href) return [node.props.href];
  return node.type === Fragment ? childrenOf(node).flatMap(modulePreloadsIn) : [];
}

function startedAfterFirstScreen(node: ReactNode, rewrite: (script: string) => string): ReactNode {
  if (!isValidElement<ElementProps>(node)) return node;
  if (node.type === 'link' && node.props.rel === 'modulepreload') return null;
  const script = node.props.dangerouslySetInnerHTML?.__html;
  // On the client, after the server's render, React Router's module script is empty.
  if (node.type === 'script' && node.props.type === 'module' && script?.trim())
    return cloneElement(node, { dangerouslySetInnerHTML: { __html: rewrite(script) } });
  if (node.type === Fragment) return cloneElement(node, undefined, ...childrenOf(node).map((child) => startedAfterFirstScreen(child, rewrite)));
  return node;
}

/** `import * as route0 from "/assets/root-….js";`: how React Router's module script names the matched routes' modules. */
const staticImport = /^import \* as (\w+) from ("[^"\n]+");$/gm;

/**
 * React Router's module script with its static imports (which the browser fetches as soon as it
 * reads them) turned into dynamic ones after the first screen is drawn, the module preloads put in
 * the head then, and the page's messages fetched beside them.
 */
export function afterFirstScreen(moduleScript: string, modulePreloads: readonly string[], messagesPath: string | undefined): string {
  const imports: [name: string, path: string][] = [];
  const rest = moduleScript.replace(staticImport, (_, name: string, path: string) => {
    imports.push([name, path]);
    return '';
  });
  const links = [
    ...modulePreloads.map((href) => ({ rel: 'modulepreload', href })),
    ...(messagesPath ? [{ rel: 'preload', as: 'fetch', crossorigin: 'anonymous', href: messagesPath, 'data-page-messages': '' }] : []),
  ];
  return [
    `await (${firstScreenDrawn.toString()})(${firstScreenWaitMs});`,
    `(${addToHead.toString()})(${JSON.stringify(links)});`,
    imports.length > 0
      ? `const [${imports.map(([name]) => name).join(', ')}] = await Promise.all([${imports.map(([, path]) => `import(${path})`).join(', ')}]);`
      : '',
    rest,
  ].join('\n');
}

/**
 * Runs in the browser (inlined as text): resolves once the pictures the page loads at once (its
 * first screen's; the others are `loading="lazy"`) have arrived and been painted, or after `limitMs`.
 */
async function firstScreenDrawn(limitMs: number): Promise<void> {
  const pending = [...document.images].filter((image) => image.loading !== 'lazy' && !image.complete);
  const arrived = pending.map((image) => new Promise((settled) => ['load', 'error'].forEach((type) => image.addEventListener(type, settled, { once: true }))));
  await Promise.race([Promise.all(arrived), new Promise((late) => setTimeout(late, limitMs))]);
  // The frame after the next animation frame is painted; a hidden tab has no frames, hence the timer.
  await new Promise((painted) => {
    requestAnimationFrame(() => setTimeout(painted));
    setTimeout(painted, 100);
  });
}

/** Runs in the browser (inlined as text): adds the links to the head, which fetches them. */
function addToHead(links: Record<string, string>[]): void {
  for (const attributes of links) {
    const link = document.createElement('link');
    for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
    document.head.append(link);
  }
}
