/**
 * Legal texts are HTML produced by our own seed (trusted), but rendering HTML is the one place a
 * mistake becomes script injection, so this defensively strips what could run code: script-like
 * elements, inline event handlers and javascript: URLs. It is not a general-purpose sanitizer.
 */
const CODE_ELEMENTS = ['script', 'iframe', 'object', 'embed', 'noscript', 'style', 'template'];

export function stripScripts(html: string): string {
  let out = html;
  for (const tag of CODE_ELEMENTS) {
    out = out.replace(new RegExp(`<${tag}\\b[\\s\\S]*?(?:</${tag}\\s*>|$)`, 'gi'), '');
    out = out.replace(new RegExp(`</?${tag}\\b[^>]*>`, 'gi'), '');
  }
  // on*="..." / on*='...' / on*=bare attributes inside tags.
  while (/(<[^>]*?)\s+on[a-z]+\s*=/i.test(out)) {
    out = out.replace(/(<[^>]*?)\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*)/gi, (_m, head: string) => head);
  }
  // javascript:, vbscript: and data: URLs in href/src/action/formaction.
  out = out.replace(
    /\s(href|src|action|formaction|xlink:href)\s*=\s*(["']?)\s*(?:javascript|vbscript|data):[^"'\s>]*\2/gi,
    '',
  );
  return out;
}

/**
 * The page renders its own localized h1 (one h1 per page): a legal text's first h1 (its title) is
 * dropped and any further h1 becomes an h2, so the text's sections follow the page title in order.
 */
export function withoutOwnTitle(html: string): string {
  const withoutTitle = html.replace(/<h1\b[^>]*>[\s\S]*?<\/h1\s*>/i, '');
  return withoutTitle.replace(/<(\/?)h1\b/gi, (_m, slash: string) => `<${slash}h2`);
}
