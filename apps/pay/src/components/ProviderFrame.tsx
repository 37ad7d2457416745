import type { Ref } from 'react';

/**
 * A provider's own page inside the dialog (the sandbox bank's 3-D Secure page, the sandbox age
 * check's decision page): the frame, a waiting status below it and a link that opens the same page
 * in a new window (for a guest whose browser blocks the frame).
 */
export function ProviderFrame({
  src,
  title,
  waiting,
  newWindow,
  className,
  frameRef,
  frameData,
}: {
  src: string;
  title: string;
  waiting: string;
  newWindow: string;
  className: string;
  frameRef?: Ref<HTMLIFrameElement>;
  /** The frame's data attribute(s) the tests find it by, e.g. `{ 'data-bank-frame': '' }`. */
  frameData: Record<`data-${string}`, string>;
}) {
  return (
    <>
      <iframe ref={frameRef} className={className} title={title} src={src} {...frameData} />
      <p className="charge-waiting" role="status">
        <span className="spinner tiny" aria-hidden="true" />
        {waiting}
      </p>
      <p className="links">
        <a href={src} target="_blank" rel="noopener noreferrer">
          {newWindow}
        </a>
      </p>
    </>
  );
}

/**
 * The provider's page in the dialog's language (its `lang` parameter), unless the URL already has
 * one (the server's sandbox age-check link carries none; a bank's may).
 */
export function withLanguage(url: string, lang: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.searchParams.has('lang')) parsed.searchParams.set('lang', lang);
    return parsed.toString();
  } catch {
    return url;
  }
}
