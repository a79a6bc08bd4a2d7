import sanitizeHtml from 'sanitize-html';
import { type ImageWidth, nearestImageWidth } from '#app/modules/media/image-widths.ts';

/**
 * Spec §5: sanitising of content HTML (blog posts, CMS blocks, embedded content).
 *
 * - Tags: sanitize-html's defaults plus iframe, img, style, script and button. Everything else
 *   (svg, object, embed, form, input, …) is discarded; script and style bodies of discarded
 *   elements go with them. Only the attributes listed in `allowedAttributes` survive, so every
 *   on* handler, inline style attribute, srcdoc, formaction and so on is removed.
 * - URLs: only http, https, mailto and tel; javascript:, data: and the like are removed.
 * - Iframes: only an https src on one of `allowedIframeHosts`; any other iframe is removed whole.
 * - Scripts: removed whole unless their text or one of their (surviving) attributes contains
 *   `socialFeedMarker`, or their src is an https URL on one of `ticketingScriptHosts`. The
 *   marker is a deliberate editorial escape hatch: whatever script carries it is kept as is.
 * - Links: an http(s) href on one of our own hosts becomes relative (path, query and hash);
 *   links to other hosts keep their href and get rel="noopener noreferrer".
 * - Images: see `rewriteImage`.
 */

export interface SanitizeOptions {
  /** hosts of our own storefronts, e.g. ['www.cordial.shop', 'cordial.shop', 'localhost:3000'] */
  ownHosts: readonly string[];
}

/** The two video hosts and the form host whose iframes may be embedded. */
export const allowedIframeHosts: readonly string[] = ['www.youtube-nocookie.com', 'player.vimeo.com', 'forms.office.com'];

/** A script whose text or attributes contain this marker (the social-feed embed) is kept. */
export const socialFeedMarker = 'data-behold-feed';

/** A script whose src is an https URL on one of these hosts (the ticketing widget) is kept. */
export const ticketingScriptHosts: readonly string[] = ['www.eventbrite.com'];

/** Width (CSS pixels) asked of the image pipeline when the img has no usable width attribute. */
const defaultImageWidth: ImageWidth = 800;

/**
 * Legacy paths of the old shop's uploads (e.g. /static/uploads/knot.jpg, /media/wysiwyg/knot.jpg).
 * Our interpretation of the spec's "static paths": the media directory holds these files by
 * file name at its root, so only the last path segment is kept → /images/knot.jpg.
 */
const staticPathPrefixes = ['/static/', '/media/'];

/** Base used to tell relative URLs from absolute ones; `.invalid` can never be a real host. */
const relativeBase = new URL('https://relative.invalid/');

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

const sanitizerOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'iframe', 'img', 'style', 'script', 'button'],
  // style and script are allowed by the spec; only the kept scripts survive `exclusiveFilter`.
  allowVulnerableTags: true,
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    '*': ['class'],
    ...Object.fromEntries(headings.map((heading) => [heading, ['id']])),
    a: ['href', 'name', 'target', 'rel', 'title'],
    iframe: ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'loading'],
    img: ['src', 'srcset', 'alt', 'width', 'height', 'loading', 'decoding'],
    script: ['src', 'type', 'async', 'defer', 'data-*'],
    button: ['type', 'aria-*'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { iframe: ['https'], script: ['https'] },
  allowedIframeHostnames: [...allowedIframeHosts],
  allowIframeRelativeUrls: false,
  exclusiveFilter: (frame: sanitizeHtml.IFrame): boolean => {
    if (frame.tag === 'iframe') return !isHttpsOn(frame.attribs.src, allowedIframeHosts);
    if (frame.tag === 'script') return !keepScript(frame);
    return false;
  },
} satisfies sanitizeHtml.IOptions;

export function sanitizeContentHtml(html: string, options: SanitizeOptions): string {
  const ownHosts = new Set(options.ownHosts.map((host) => host.toLowerCase()));
  return sanitizeHtml(html, {
    ...sanitizerOptions,
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: rewriteLink(attribs, ownHosts) }),
      img: (tagName, attribs) => ({ tagName, attribs: rewriteImage(attribs, ownHosts) }),
    },
  });
}

function keepScript(frame: sanitizeHtml.IFrame): boolean {
  if (frame.text.includes(socialFeedMarker)) return true;
  for (const [name, value] of Object.entries(frame.attribs)) {
    if (name.includes(socialFeedMarker) || value.includes(socialFeedMarker)) return true;
  }
  return isHttpsOn(frame.attribs.src, ticketingScriptHosts);
}

/** True when `value` is an absolute https URL whose host is one of `hosts`. */
function isHttpsOn(value: string | undefined, hosts: readonly string[]): boolean {
  if (!value) return false;
  const url = URL.parse(value.trim());
  return url !== null && url.protocol === 'https:' && hosts.includes(url.host);
}

/** An http(s) URL resolved the way a browser would, so backslashes and whitespace cannot disguise the host. */
function httpUrl(value: string | undefined): URL | null {
  if (!value) return null;
  const url = URL.parse(value.trim(), relativeBase);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') ? url : null;
}

const isRelative = (url: URL) => url.host === relativeBase.host;

/** `//evil.example/x` would be protocol-relative, so the path keeps a single leading slash. */
function rootRelative(url: URL): string {
  return `${url.pathname.replace(/^\/+/, '/')}${url.search}${url.hash}`;
}

function rewriteLink(attribs: sanitizeHtml.Attributes, ownHosts: ReadonlySet<string>): sanitizeHtml.Attributes {
  const url = httpUrl(attribs.href);
  if (url === null || isRelative(url)) return attribs;
  if (ownHosts.has(url.host)) return { ...attribs, href: rootRelative(url) };
  const rel = new Set((attribs.rel ?? '').split(/\s+/).filter(Boolean));
  rel.add('noopener');
  rel.add('noreferrer');
  return { ...attribs, rel: [...rel].join(' ') };
}

/**
 * Images (spec §5, served by the shop at /images/{path}?w={width}&dpr=2 as webp, quality 80):
 * - on our own hosts or root-relative: made relative. /images/{path} stays, legacy static paths
 *   become /images/{file}; both get src ?w={width} and a 1x/2x srcset through the image
 *   pipeline, which always converts to webp (the default preset). The width is the img's
 *   width attribute, else 800. Other own paths (e.g. /favicon.png) are not in the media
 *   directory, so they are only made relative.
 * - on other hosts (or document-relative): src and srcset are left untouched.
 * - every image gets loading="lazy" and decoding="async".
 */
function rewriteImage(attribs: sanitizeHtml.Attributes, ownHosts: ReadonlySet<string>): sanitizeHtml.Attributes {
  const lazy = { loading: 'lazy', decoding: 'async' };
  const url = httpUrl(attribs.src);
  // Document-relative sources ('knot.jpg') depend on the page's URL, so they are left alone.
  const own = url !== null && (isRelative(url) ? attribs.src?.trim().startsWith('/') : ownHosts.has(url.host));
  if (!url || !own) return { ...attribs, ...lazy };
  const mediaPath = pipelinePath(url.pathname.replace(/^\/+/, '/'));
  if (mediaPath === null) {
    const rewritten: sanitizeHtml.Attributes = { ...attribs, src: rootRelative(url), ...lazy };
    delete rewritten.srcset;
    return rewritten;
  }
  const width = /^\d+$/.test(attribs.width?.trim() ?? '') ? Number(attribs.width) : 0;
  // Only the widths the image pipeline serves (any other would be a redirect per image).
  const base = `/images/${mediaPath.replaceAll(',', '%2C')}?w=${width > 0 ? nearestImageWidth(width) : defaultImageWidth}`;
  return { ...attribs, src: base, srcset: `${base} 1x, ${base}&dpr=2 2x`, ...lazy };
}

/** The path below the media directory for a URL path the image pipeline can serve, else null. */
function pipelinePath(pathname: string): string | null {
  if (pathname.startsWith('/images/')) {
    const rest = pathname.slice('/images/'.length);
    return rest && !rest.endsWith('/') ? rest : null;
  }
  if (staticPathPrefixes.some((prefix) => pathname.startsWith(prefix))) {
    const file = pathname.slice(pathname.lastIndexOf('/') + 1);
    return file || null;
  }
  return null;
}

/** Content HTML of the shop at `siteUrl`, whose own links stay as they are (the shop's usual call). */
export const sanitizeSiteHtml = (html: string, siteUrl: string): string => sanitizeContentHtml(html, { ownHosts: [new URL(siteUrl).host] });
