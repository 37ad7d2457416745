import { describe, expect, it } from 'vitest';
import { stripScripts, withoutOwnTitle } from './sanitize.ts';

describe('legal text HTML is rendered without anything that runs code', () => {
  it('keeps ordinary markup', () => {
    const html = '<h2>1. Scope</h2><p>Text with <a href="/en/">a link</a> and <strong>bold</strong>.</p>';
    expect(stripScripts(html)).toBe(html);
  });

  it('removes script elements with their content, also unclosed and mixed case', () => {
    expect(stripScripts('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(stripScripts('<p>a</p><SCRIPT src="x.js"></SCRIPT >')).toBe('<p>a</p>');
    expect(stripScripts('<p>a</p><script>alert(1)')).toBe('<p>a</p>');
    expect(stripScripts('<p>a</p><iframe src="https://x"></iframe>')).toBe('<p>a</p>');
  });

  it('removes inline event handlers and javascript: URLs', () => {
    expect(stripScripts('<img src="/a.webp" onerror="alert(1)" alt="a">')).toBe(
      '<img src="/a.webp" alt="a">',
    );
    expect(stripScripts("<p onclick=alert(1) onmouseover='x'>t</p>")).toBe('<p>t</p>');
    expect(stripScripts('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(stripScripts('<p onclick=>t</p><p onload="x>u</p>')).not.toMatch(/on[a-z]+=/);
    expect(stripScripts("<a href=' JavaScript:alert(1)'>x</a>")).toBe('<a>x</a>');
  });
});

describe('legal text headings (one h1 per page: the page title)', () => {
  it("drops the text's own h1 title and turns any further h1 into h2", () => {
    const html =
      '<article><h1 class="t">Terms</h1><section><h2>1. Scope</h2><h3>1.1</h3></section><h1>Annex</h1></article>';
    expect(withoutOwnTitle(html)).toBe(
      '<article><section><h2>1. Scope</h2><h3>1.1</h3></section><h2>Annex</h2></article>',
    );
  });

  it('leaves a text without h1 unchanged', () => {
    expect(withoutOwnTitle('<h2>A</h2><p>b</p>')).toBe('<h2>A</h2><p>b</p>');
  });
});
