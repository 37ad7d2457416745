/**
 * The states of a media library list a person can act on: loading, a failure with "Try again", and an
 * empty list with its reason (nothing bought yet, or a section no feature fills yet).
 */
import type { ReactNode } from 'react';
import type { MediathekT } from '../hooks/useMediathekT.ts';

export function SectionLoading({ t }: { t: MediathekT }) {
  return (
    <p className="mediathek-state" aria-busy="true" role="status">
      {t('loading')}
    </p>
  );
}

export function SectionFailed({ t, text, onRetry }: { t: MediathekT; text: string; onRetry: () => void }) {
  return (
    <div className="mediathek-state mediathek-state--error" role="alert">
      <p>
        {t('loadFailed')} {text}
      </p>
      <button type="button" className="shell-button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

export function SectionEmpty({ children }: { children: ReactNode }) {
  return (
    <div className="empty-state mediathek-empty" data-mediathek-empty="">
      {children}
    </div>
  );
}
