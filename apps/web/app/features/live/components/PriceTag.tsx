import type { Language, Price } from '@vela/contracts/common';
import { formatChatPrice } from '../../catalog/format.ts';

/** Spec 9 chat price: the amount in coins followed by "per minute" ("8 coins per minute"). */
export function PriceTag({ price, lang }: { price: Price; lang: Language }) {
  return (
    <p className="live-price" data-live-price="">
      {formatChatPrice(price, lang)}
    </p>
  );
}
