import { describe, expect, it } from 'vitest';
import { trailingSlashRedirect } from './trailingSlash.ts';

const at = (path: string) => trailingSlashRedirect(new URL(`http://vela.test${path}`));

describe('one URL per page: paths without trailing slash redirect to the slashed form', () => {
  it('adds the slash and keeps the query', () => {
    expect(at('/en/terms-of-service')).toBe('/en/terms-of-service/');
    expect(at('/de/kategorien/paare?page=2')).toBe('/de/kategorien/paare/?page=2');
    expect(at('/en')).toBe('/en/');
  });

  it('leaves slashed paths and file-like paths alone', () => {
    expect(at('/en/')).toBeNull();
    expect(at('/favicon.ico')).toBeNull();
  });

  it('never redirects off-site through a protocol-relative path', () => {
    expect(at('//evil.example/x')).toBe('/evil.example/x/');
    expect(at('/en//amateur')).toBe('/en/amateur/');
  });
});
