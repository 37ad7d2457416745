/** Server render of the SEO free text: the markup the listing pages rendered inline before. */

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SeoText } from './SeoText.tsx';

describe('SeoText', () => {
  it('renders one paragraph a blank-line-separated block', () => {
    expect(renderToStaticMarkup(<SeoText text={'First block\nstill first\n\n\nSecond'} />)).toBe(
      '<div class="page__text"><p>First block\nstill first</p><p>Second</p></div>',
    );
  });

  it('puts the heading first when there is one', () => {
    expect(renderToStaticMarkup(<SeoText text="Text" heading="About her" />)).toBe(
      '<div class="page__text"><h2>About her</h2><p>Text</p></div>',
    );
  });

  it('renders nothing for an empty text, even with a heading', () => {
    expect(renderToStaticMarkup(<SeoText text="" heading="About her" />)).toBe('');
  });
});
