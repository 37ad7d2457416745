/**
 * `es-avs` (spec 6): the Spanish age check, "Are you 18 or older?". It must be answered: Escape
 * and the backdrop do not close it (registry: BLOCKING_MODALS).
 * - Yes sets the forced-AVS cookie `vela_forced_avs` (1 year, SameSite=Lax) and closes.
 * - No: leaving for another site is not possible under our CSP (and would be a guess about where
 *   the visitor wants to go), so the modal turns into a "you may not use this site" state that stays
 *   over the page. It links the data-protection page (which the modal does not cover: it is the one
 *   page a refused visitor may still read) and offers to correct a wrong answer. No cookie is set,
 *   so the question comes back on the next Spanish page.
 */
import { pathFor } from '@vela/i18n/routes';
import { useState } from 'react';
import { Link } from 'react-router';
import { forcedAvsCookie } from '../../auth/cookies.ts';
import { useAccountT } from '../../auth/useAccountT.ts';
import { useShell } from '../../layout/state/ShellContext.tsx';
import type { ModalComponentProps } from '../registry.ts';
import { ModalFrame } from './ModalFrame.tsx';

export function EsAvsModal({ titleId, close }: ModalComponentProps) {
  const t = useAccountT();
  const { brandName, lang } = useShell();
  const [refused, setRefused] = useState(false);
  const confirm = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser; the value is built by forcedAvsCookie
    document.cookie = forcedAvsCookie(window.location.protocol === 'https:');
    close();
  };

  if (refused) {
    return (
      <ModalFrame titleId={titleId} title={t('esAvsDeniedTitle')} marker={{ 'data-es-avs': 'refused' }}>
        <p>{t('esAvsDeniedBody', { brand: brandName })}</p>
        <div className="modal__actions account-actions">
          <Link className="shell-button" to={pathFor('DataProtection', lang)} onClick={close}>
            {t('esAvsDeniedLink')}
          </Link>
          <button type="button" className="link-button" onClick={confirm}>
            {t('esAvsChangeAnswer')}
          </button>
        </div>
      </ModalFrame>
    );
  }

  return (
    <ModalFrame titleId={titleId} title={t('esAvsTitle')} marker={{ 'data-es-avs': 'question' }}>
      <p>{t('esAvsBody', { brand: brandName })}</p>
      <div className="modal__actions account-actions">
        <button
          type="button"
          className="shell-button"
          data-es-avs-answer="no"
          onClick={() => setRefused(true)}
        >
          {t('esAvsNo')}
        </button>
        <button
          type="button"
          className="shell-button shell-button--primary"
          data-es-avs-answer="yes"
          onClick={confirm}
        >
          {t('esAvsYes')}
        </button>
      </div>
    </ModalFrame>
  );
}
