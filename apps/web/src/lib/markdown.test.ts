import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

/** Renders into a detached element so assertions look at what a browser would build. */
function dom(source: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = renderMarkdown(source);
  return host;
}

const DANGEROUS_ATTRIBUTE = /^on|^style$|^src$|^srcset$|^formaction$|^xlink:href$/i;

function assertHarmless(host: HTMLElement) {
  for (const element of host.querySelectorAll('*')) {
    expect(['SCRIPT', 'IMG', 'SVG', 'IFRAME', 'OBJECT', 'EMBED', 'STYLE', 'FORM', 'INPUT', 'MATH']).not.toContain(element.tagName);
    for (const attribute of element.attributes) expect(attribute.name).not.toMatch(DANGEROUS_ATTRIBUTE);
  }
  for (const link of host.querySelectorAll('a[href]')) expect(link.getAttribute('href')).toMatch(/^(https?|mailto):/i);
}

describe('renderMarkdown: what members may write', () => {
  it('renders emphasis, lists, code and quotes', () => {
    const host = dom('**bold** _soft_\n\n- one\n- two\n\n> quoted\n\n`x < y`');
    expect(host.querySelector('strong')).toHaveTextContent('bold');
    expect(host.querySelector('em')).toHaveTextContent('soft');
    expect(host.querySelectorAll('li')).toHaveLength(2);
    expect(host.querySelector('blockquote')).toHaveTextContent('quoted');
    expect(host.querySelector('code')).toHaveTextContent('x < y');
  });

  it('decodes named character references the way HTML does, and leaves names that are none as written', () => {
    const host = dom('&copy; 2024 &mdash; 5 &micro;g &amp; 10&nbsp;mg, &NotEqualTilde; &notit; &madeup; &semi;');
    expect(host.textContent?.trim()).toBe('\u00a9 2024 \u2014 5 \u00b5g & 10\u00a0mg, \u2242\u0338 &notit; &madeup; ;');
  });

  it('turns headings into h3 and below so they never outrank the page', () => {
    const host = dom('# Big\n\n## Smaller\n\n###### Tiny');
    expect(host.querySelector('h1, h2')).toBeNull();
    expect(host.querySelector('h3')).toHaveTextContent('Big');
    expect(host.querySelector('h4')).toHaveTextContent('Smaller');
    expect(host.querySelector('h6')).toHaveTextContent('Tiny');
  });

  it('opens every link in a new tab, without opener or endorsement, marked external', () => {
    const host = dom('[NHS](https://www.nhs.uk) and https://medlineplus.gov and <mailto:help@example.org>');
    const links = [...host.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.nhs.uk',
      'https://medlineplus.gov',
      'mailto:help@example.org',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener nofollow ugc');
      expect(link).toHaveClass('external-link');
    }
  });

  it('shows an image as a link to it, never as a picture', () => {
    const host = dom('![a chart](https://example.org/chart.png)');
    expect(host.querySelector('img')).toBeNull();
    const link = host.querySelector('a');
    expect(link).toHaveAttribute('href', 'https://example.org/chart.png');
    expect(link).toHaveTextContent('a chart');
  });

  it('keeps only http, https and mailto links', () => {
    const host = dom('[ftp](ftp://example.org/file) [rel](/discussions/1) [tel](tel:123)');
    expect(host.querySelectorAll('a[href]')).toHaveLength(0);
    expect(host).toHaveTextContent('[ftp](ftp://example.org/file)');
  });
});

describe('renderMarkdown: XSS payloads come out harmless', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<a href="javascript:alert(1)">click</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<div onmouseover="alert(1)">hover</div>',
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](java\tscript:alert(1))',
    '[x](jav&#x61;script:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](javascript&colon;alert(1))',
    '[x](vbscript:msgbox(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '![x](javascript:alert(1))',
    '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
    '![x" onerror="alert(1)](https://example.org/a.png)',
    '[x](https://example.org/" onclick="alert(1))',
    '<javascript:alert(1)>',
    '<data:text/html,<script>alert(1)</script>>',
    'javascript:alert(1)',
    '[x]( javascript:alert(1))',
    '[ref]\n\n[ref]: javascript:alert(1)',
    '`<script>alert(1)</script>`',
    '```html\n<script>alert(1)</script>\n```',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<style>body{display:none}</style>',
    '<form action="https://evil.example"><input name=x></form>',
  ];

  it.each(payloads)('%s', (payload) => {
    const host = dom(payload);
    assertHarmless(host);
  });

  it('shows raw HTML as the text that was typed', () => {
    const host = dom('<script>alert(1)</script>');
    expect(host.querySelector('script')).toBeNull();
    expect(host).toHaveTextContent('<script>alert(1)</script>');
  });

  it('leaves a javascript: link as plain text', () => {
    const host = dom('[click me](javascript:alert(1))');
    expect(host.querySelector('a')).toBeNull();
    expect(host).toHaveTextContent('[click me](javascript:alert(1))');
  });

  it('escapes an entity-encoded payload instead of decoding it into markup', () => {
    const host = dom('&lt;img src=x onerror=alert(1)&gt;');
    expect(host.querySelector('img')).toBeNull();
    expect(host).toHaveTextContent('<img src=x onerror=alert(1)>');
  });
});
