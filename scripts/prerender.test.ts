import { describe, expect, it } from 'vitest';
import { pageDocument, routeShellDocument } from './prerender';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Dinohunt</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('pageDocument', () => {
  it('puts the page into the root, its title and colour scheme, and links its own CSS and modules once', () => {
    const html = pageDocument(
      SHELL,
      { html: '<main>Welcome back</main>', title: 'Sign in · Dinohunt <beta>' },
      ['assets/index-1.css', 'assets/LoginPage-2.css'],
      ['assets/index-1.js', 'assets/LoginPage-2.js'],
    );
    expect(html).toContain('<div id="root"><main>Welcome back</main></div>');
    expect(html).toContain('<title>Sign in · Dinohunt &lt;beta&gt;</title>');
    expect(html).toContain('<html lang="en" data-mantine-color-scheme="light">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/LoginPage-2.css">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginPage-2.js">');
    expect(html.match(/index-1\.css/g)).toHaveLength(1);
    expect(html.match(/index-1\.js/g)).toHaveLength(1);
  });

  it("puts a page and title holding `$'`, `` $` `` and `$&` in as they are", () => {
    const text = "Costs $5 $' $` $&";
    const html = pageDocument(SHELL, { html: `<p>${text}</p>`, title: text }, [], []);
    expect(html).toContain(`<div id="root"><p>${text}</p></div>`);
    expect(html).toContain("<title>Costs $5 $' $` $&amp;</title>");
    expect(html.match(/<\/html>/g)).toHaveLength(1);
  });

  it('refuses a template without an empty root', () => {
    expect(() => pageDocument(SHELL.replace('<div id="root"></div>', '<div id="app"></div>'), { html: '<p>x</p>', title: 't' }, [], [])).toThrow(
      /no empty <div id="root">/,
    );
  });
});

describe('routeShellDocument (decision 854)', () => {
  it("links the route's modules and styles without repeating the shell's, and leaves the page empty", () => {
    const html = routeShellDocument(SHELL, ['assets/index-1.css', 'assets/Page-2.css'], ['assets/index-1.js', 'assets/core-3.js', 'assets/Page-2.js']);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/core-3.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/Page-2.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/Page-2.css">');
    expect(html).not.toContain('rel="stylesheet" crossorigin href="/assets/Page-2.css"');
    expect(html.match(/index-1\.css/g)).toHaveLength(1);
    expect(html.match(/index-1\.js/g)).toHaveLength(1);
    expect(html.indexOf('Page-2.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"></div>');
  });
});
