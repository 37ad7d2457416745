import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { ReactNode } from 'react';
import { preloadModule } from 'react-dom';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { catalogueModulesOf } from './features/i18n/catalogueModules.ts';
import { FALLBACK_LANGUAGE, languageOfPath } from './features/i18n/language.ts';

/** Abort rendering after this long; the stream timeout must be longer so rejections are flushed. */
export const streamTimeout = 5_000;

/**
 * Preloads the page language's catalogue modules (`<link rel="modulepreload">` in the head): the page's
 * modules wait for them before hydrating (catalogue-loader.ts, decision 0039).
 */
function CataloguePreloads({
  modules,
  children,
}: {
  modules: { href: string; integrity?: string }[];
  children: ReactNode;
}) {
  for (const { href, integrity } of modules)
    preloadModule(href, { as: 'script', ...(integrity ? { integrity } : {}) });
  return children;
}

/**
 * Streaming SSR. Browsers get the shell as soon as it is ready; bots (and SPA-mode prerender) wait
 * for all content so they index complete HTML. Inline scripts carry the per-request CSP nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const onReady = () => {
      shellRendered = true;
      const body = new PassThrough();
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(new Response(stream, { headers: responseHeaders, status }));
      pipe(body);
    };
    // The language of <html lang> (root loader): the browser's catalogue modules load that language.
    const lang = languageOfPath(new URL(request.url).pathname) ?? FALLBACK_LANGUAGE;
    const { pipe, abort } = renderToPipeableStream(
      <CataloguePreloads modules={catalogueModulesOf(routerContext, lang)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CataloguePreloads>,
      {
        nonce,
        onShellReady: waitForAll ? undefined : onReady,
        onAllReady: waitForAll ? onReady : undefined,
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors after the shell streamed are already in the HTML; log them once here.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
