import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { allowedIframeHosts, sanitizeContentHtml, socialFeedMarker, ticketingScriptHosts } from './sanitize-content.server.ts';

const options = { ownHosts: ['www.cordial.shop', 'cordial.shop', 'localhost:3000'] };
const clean = (html: string) => sanitizeContentHtml(html, options);

describe('allowed tags', () => {
  it('keeps the sanitize-html defaults', () => {
    for (const tag of sanitizeHtml.defaults.allowedTags.filter((name) => !['br', 'hr', 'wbr', 'col'].includes(name))) {
      expect(clean(`<${tag}>x</${tag}>`)).toBe(`<${tag}>x</${tag}>`);
    }
    expect(clean('<p>a<br>b</p><hr>')).toBe('<p>a<br />b</p><hr />');
  });

  it('adds style and button, keeping only their safe attributes', () => {
    expect(clean('<style>.note { color: #c0392b }</style>')).toBe('<style>.note { color: #c0392b }</style>');
    expect(clean('<button type="button" class="btn" aria-label="Open" onclick="steal()" formaction="javascript:steal()">Open</button>')).toBe(
      '<button type="button" class="btn" aria-label="Open">Open</button>',
    );
  });

  it('keeps class on common elements and id on headings only', () => {
    expect(clean('<h2 id="care" class="title" style="color:red">Care</h2><p id="x" class="lead">Text</p>')).toBe(
      '<h2 id="care" class="title">Care</h2><p class="lead">Text</p>',
    );
  });

  it('drops object, embed, form and other unlisted tags', () => {
    expect(clean('<object data="x.swf"></object><embed src="x.swf"><form action="/x"><input name="q"></form><p>ok</p>')).toBe('<p>ok</p>');
    expect(clean('<textarea>&lt;script&gt;</textarea><noscript><p>n</p></noscript>')).toBe('<p>n</p>');
  });
});

describe('XSS attempts', () => {
  it('removes event handler attributes', () => {
    expect(clean('<p onclick="steal()">Hi <img src=x onerror=alert(1)></p>')).toBe('<p>Hi <img src="x" loading="lazy" decoding="async" /></p>');
  });

  it('removes javascript: and data: URLs', () => {
    expect(clean('<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="java&#x09;script:alert(1)">c</a>')).toBe(
      '<a>a</a><a>b</a><a>c</a>',
    );
    expect(clean('<a href="data:text/html,<script>alert(1)</script>">d</a>')).toBe('<a>d</a>');
  });

  it('removes svg with onload, including its content', () => {
    expect(clean('<svg onload="alert(1)"><circle r="1"/></svg><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('drops inline scripts without the marker, closed or not', () => {
    expect(clean('<script>alert(1)</script><p>after</p>')).toBe('<p>after</p>');
    expect(clean('<p>before</p><script>alert(1)')).toBe('<p>before</p>');
    expect(clean('<SCRIPT>alert(document.cookie)</SCRIPT>')).toBe('');
  });

  it('drops scripts from other hosts, over http, or protocol-relative', () => {
    expect(clean('<script src="https://evil.example/x.js"></script>')).toBe('');
    expect(clean('<script src="https://www.eventbrite.com.evil.example/x.js"></script>')).toBe('');
    expect(clean('<script src="http://www.eventbrite.com/static/widgets/eb_widgets.js"></script>')).toBe('');
    expect(clean('<script src="//www.eventbrite.com/static/widgets/eb_widgets.js"></script>')).toBe('');
  });

  it('does not turn an own-host link into a protocol-relative one', () => {
    expect(clean('<a href="https://www.cordial.shop//evil.example/x">x</a>')).toBe('<a href="/evil.example/x">x</a>');
    expect(clean('<a href="https://www.cordial.shop/\\evil.example/x">x</a>')).toBe('<a href="/evil.example/x">x</a>');
  });
});

describe('scripts', () => {
  it('uses a social-feed marker and a ticketing host', () => {
    expect(socialFeedMarker).toBe('data-behold-feed');
    expect(ticketingScriptHosts).toEqual(['www.eventbrite.com']);
  });

  it('keeps a script whose text contains the social-feed marker', () => {
    const script = '<script>document.querySelector("[data-behold-feed]").dataset.ready = "1";</script>';
    expect(clean(script)).toBe(script);
  });

  it('keeps a script carrying the marker attribute, without its event handlers', () => {
    expect(clean('<script data-behold-feed="abc" type="module" src="https://w.behold.so/widget.js" onload="x()"></script>')).toBe(
      '<script data-behold-feed="abc" type="module" src="https://w.behold.so/widget.js"></script>',
    );
  });

  it('keeps a script from the ticketing host', () => {
    const script = '<script src="https://www.eventbrite.com/static/widgets/eb_widgets.js" async></script>';
    expect(clean(script)).toBe(script);
  });
});

describe('iframes', () => {
  it('allows exactly two video hosts and one form host', () => {
    expect(allowedIframeHosts).toEqual(['www.youtube-nocookie.com', 'player.vimeo.com', 'forms.office.com']);
  });

  it('keeps https iframes from the allowed hosts with their safe attributes', () => {
    expect(
      clean(
        '<iframe src="https://www.youtube-nocookie.com/embed/abc" width="560" height="315" title="Knots" allowfullscreen onload="x()" srcdoc="<p>x</p>"></iframe>',
      ),
    ).toBe('<iframe src="https://www.youtube-nocookie.com/embed/abc" width="560" height="315" title="Knots" allowfullscreen></iframe>');
    expect(clean('<iframe src="https://player.vimeo.com/video/1" allow="fullscreen" loading="lazy"></iframe>')).toBe(
      '<iframe src="https://player.vimeo.com/video/1" allow="fullscreen" loading="lazy"></iframe>',
    );
    expect(clean('<iframe src="https://forms.office.com/r/abc"></iframe>')).toBe('<iframe src="https://forms.office.com/r/abc"></iframe>');
  });

  it('removes iframes from other hosts, with their content', () => {
    expect(clean('<iframe src="https://evil.example/"><p>fallback</p></iframe><p>ok</p>')).toBe('<p>ok</p>');
    expect(clean('<iframe src="https://www.youtube.com/embed/abc"></iframe>')).toBe('');
    expect(clean('<iframe src="https://www.youtube-nocookie.com.evil.example/embed/abc"></iframe>')).toBe('');
    expect(clean('<iframe src="javascript:alert(1)"></iframe><iframe></iframe><iframe src="/embed/abc"></iframe>')).toBe('');
  });

  it('removes http and protocol-relative iframes even from allowed hosts', () => {
    expect(clean('<iframe src="http://www.youtube-nocookie.com/embed/abc"></iframe>')).toBe('');
    expect(clean('<iframe src="//player.vimeo.com/video/1"></iframe>')).toBe('');
  });
});

describe('links', () => {
  it('makes links on our own hosts relative, keeping query and hash', () => {
    expect(clean('<a href="https://www.cordial.shop/de-de/paracord">Paracord</a>')).toBe('<a href="/de-de/paracord">Paracord</a>');
    expect(clean('<a href="https://WWW.cordial.shop/de-de/paracord?colour=red#reviews">x</a>')).toBe('<a href="/de-de/paracord?colour=red#reviews">x</a>');
    expect(clean('<a href="http://cordial.shop/">x</a><a href="http://localhost:3000/en-gb/cart">y</a>')).toBe('<a href="/">x</a><a href="/en-gb/cart">y</a>');
  });

  it('leaves relative, mailto and tel links alone', () => {
    expect(clean('<a href="/de-de/paracord">a</a><a href="mailto:hi@cordial.shop">b</a><a href="tel:+4930123">c</a>')).toBe(
      '<a href="/de-de/paracord">a</a><a href="mailto:hi@cordial.shop">b</a><a href="tel:+4930123">c</a>',
    );
  });

  it('keeps external hrefs and adds rel="noopener noreferrer"', () => {
    expect(clean('<a href="https://example.org/knots?a=1">Knots</a>')).toBe('<a href="https://example.org/knots?a=1" rel="noopener noreferrer">Knots</a>');
    expect(clean('<a href="https://example.org/" target="_blank" rel="nofollow">x</a>')).toBe(
      '<a href="https://example.org/" target="_blank" rel="nofollow noopener noreferrer">x</a>',
    );
    expect(clean('<a href="https://localhost:4000/x">x</a>')).toBe('<a href="https://localhost:4000/x" rel="noopener noreferrer">x</a>');
  });
});

describe('images', () => {
  it('makes own-host images relative with 1x/2x pipeline srcsets, lazy loading and async decoding', () => {
    expect(clean('<img src="https://www.cordial.shop/images/blog/knot.jpg" alt="Knot">')).toBe(
      '<img src="/images/blog/knot.jpg?w=800" alt="Knot" srcset="/images/blog/knot.jpg?w=800 1x, /images/blog/knot.jpg?w=800&amp;dpr=2 2x" loading="lazy" decoding="async" />',
    );
  });

  it('asks the pipeline for the served width nearest the width attribute and replaces any given srcset', () => {
    expect(clean('<img src="/images/blog/knot.jpg?w=2000" width="400" height="300" srcset="/other.jpg 2x" loading="eager">')).toBe(
      '<img src="/images/blog/knot.jpg?w=480" width="400" height="300" srcset="/images/blog/knot.jpg?w=480 1x, /images/blog/knot.jpg?w=480&amp;dpr=2 2x" loading="lazy" decoding="async" />',
    );
    expect(clean('<img src="/images/a.png" width="100%">')).toContain('src="/images/a.png?w=800"');
  });

  it('maps legacy static paths to /images/{file}', () => {
    expect(clean('<img src="/static/uploads/knot.jpg">')).toBe(
      '<img src="/images/knot.jpg?w=800" srcset="/images/knot.jpg?w=800 1x, /images/knot.jpg?w=800&amp;dpr=2 2x" loading="lazy" decoding="async" />',
    );
    expect(clean('<img src="http://localhost:3000/media/wysiwyg/2019/knot.jpg" width="320">')).toBe(
      '<img src="/images/knot.jpg?w=320" width="320" srcset="/images/knot.jpg?w=320 1x, /images/knot.jpg?w=320&amp;dpr=2 2x" loading="lazy" decoding="async" />',
    );
  });

  it('keeps file names usable inside a srcset', () => {
    expect(clean('<img src="/media/wysiwyg/my knot,1.jpg">')).toBe(
      '<img src="/images/my%20knot%2C1.jpg?w=800" srcset="/images/my%20knot%2C1.jpg?w=800 1x, /images/my%20knot%2C1.jpg?w=800&amp;dpr=2 2x" loading="lazy" decoding="async" />',
    );
  });

  it('only makes other own paths relative, since the pipeline does not serve them', () => {
    expect(clean('<img src="https://cordial.shop/favicon.png" srcset="https://cordial.shop/favicon.png 2x">')).toBe(
      '<img src="/favicon.png" loading="lazy" decoding="async" />',
    );
  });

  it('leaves external images untouched apart from lazy loading', () => {
    expect(clean('<img src="https://cdn.example.org/knot.jpg" alt="">')).toBe(
      '<img src="https://cdn.example.org/knot.jpg" alt="" loading="lazy" decoding="async" />',
    );
    expect(clean('<img src="https://cdn.example.org/knot.jpg" srcset="https://cdn.example.org/knot@2x.jpg 2x">')).toBe(
      '<img src="https://cdn.example.org/knot.jpg" srcset="https://cdn.example.org/knot@2x.jpg 2x" loading="lazy" decoding="async" />',
    );
  });

  it('removes javascript: and data: image sources', () => {
    expect(clean('<img src="javascript:alert(1)"><img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe(
      '<img loading="lazy" decoding="async" /><img loading="lazy" decoding="async" />',
    );
  });
});
