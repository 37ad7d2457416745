import { describe, expect, it } from 'vitest';
import { stripScripts } from './sanitize.ts';

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
