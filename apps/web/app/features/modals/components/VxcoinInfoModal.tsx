/** `vxcoin-info`: what coins are (spec 9: 1 EUR = 4 coins, rounded up; coins have no decimals). */
import { coinsForEuroCents } from '@vela/domain/coins';
import { useShell } from '../../layout/state/ShellContext.tsx';
import type { ModalComponentProps } from '../registry.ts';
import { ModalFrame } from './ModalFrame.tsx';

const EXAMPLE_CENTS = 199;

export function VxcoinInfoModal({ titleId, close }: ModalComponentProps) {
  const { t, brandName } = useShell();
  return (
    <ModalFrame titleId={titleId} title={t('coinsTitle')} closeButton={{ label: t('close'), onClose: close }}>
      <p>{t('coinsBody', { brand: brandName })}</p>
      <ul className="modal__facts">
        <li>{t('coinsRate')}</li>
        <li>{t('coinsNoDecimals')}</li>
        <li>{t('coinsExample', { euros: EXAMPLE_CENTS / 100, coins: coinsForEuroCents(EXAMPLE_CENTS) })}</li>
      </ul>
      <div className="modal__actions">
        <button type="button" className="shell-button shell-button--primary" onClick={close}>
          {t('close')}
        </button>
      </div>
    </ModalFrame>
  );
}
