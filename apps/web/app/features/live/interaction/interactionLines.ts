/**
 * Tips and toy actions as chat lines (issue 18): "You tipped 20 coins", "<name>'s toy vibrates —
 * level 3 for 5 s". Pure; the live chat adds them among the messages.
 */
import type { LiveTip, ToyAction } from '@vela/contracts/live-interaction';
import type { ChatLine } from '../components/ChatPanel.tsx';
import type { InteractionT } from './useInteractionT.ts';

export const tipLine = (tip: Pick<LiveTip, 'tipId' | 'amountCoins'>, t: InteractionT): ChatLine => ({
  id: `tip:${tip.tipId}`,
  from: 'guest',
  text: t('tipLine', { coins: tip.amountCoins }),
  event: true,
});

export const toyLine = (
  action: Pick<ToyAction, 'actionId' | 'level' | 'durationMs' | 'status'>,
  name: string,
  t: InteractionT,
): ChatLine => ({
  id: `toy:${action.actionId}`,
  from: 'performer',
  text:
    action.status === 'refunded'
      ? t('toyRefunded')
      : t('toyLine', { name, level: action.level, seconds: Math.round(action.durationMs / 1000) }),
  event: true,
});
