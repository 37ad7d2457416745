/** Server render of the web push switch: nothing until the browser has been asked (no hydration mismatch). */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShellProvider } from '../../layout/state/ShellContext.tsx';
import { WebPushToggle } from './WebPushToggle.tsx';

describe('WebPushToggle', () => {
  it('renders nothing on the server: push support and permission are only known in the browser', () => {
    const html = renderToString(
      <ShellProvider
        lang="de"
        brandName="Vela"
        alternates={{ de: '/de/', en: '/en/', nl: '/nl/', es: '/es/' }}
      >
        <WebPushToggle />
      </ShellProvider>,
    );
    expect(html).toBe('');
  });
});
