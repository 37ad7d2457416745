/**
 * Buying a video or a photo album from the page (issue 17 deliverable 1): the buy button with the
 * price in coins, the discount and a matching voucher, busy, bought, included in VIP. The purchase
 * flow's words (errors, the spec 2 modal `not-enough-money`) are in purchase-flow.ts: they load with
 * the first click.
 */
import { defineMessages } from '../translate.ts';

export const purchaseMessages = defineMessages({
  en: {
    'buy.video': 'Buy video for {price}',
    'buy.album': 'Buy album for {price}',
    'buy.withVoucher': 'Buy with voucher',
    busy: 'Buying…',
    oldPrice: 'Instead of {price}',
    discount: '{percent} % off',
    'voucher.video': 'Your video voucher pays for this: no coins are charged.',
    'voucher.album': 'Your photo voucher pays for this: no coins are charged.',
    bought: 'Bought',
    play: 'Play',
    includedInVip: 'Included in your VIP membership',
  },
  de: {
    'buy.video': 'Video kaufen für {price}',
    'buy.album': 'Album kaufen für {price}',
    'buy.withVoucher': 'Mit Gutschein kaufen',
    busy: 'Wird gekauft…',
    oldPrice: 'Statt {price}',
    discount: '{percent} % reduziert',
    'voucher.video': 'Dein Video-Gutschein bezahlt das: Es werden keine Coins abgebucht.',
    'voucher.album': 'Dein Foto-Gutschein bezahlt das: Es werden keine Coins abgebucht.',
    bought: 'Gekauft',
    play: 'Abspielen',
    includedInVip: 'In deiner VIP-Mitgliedschaft enthalten',
  },
  nl: {
    'buy.video': 'Video kopen voor {price}',
    'buy.album': 'Album kopen voor {price}',
    'buy.withVoucher': 'Kopen met tegoedbon',
    busy: 'Bezig met kopen…',
    oldPrice: 'In plaats van {price}',
    discount: '{percent} % korting',
    'voucher.video': 'Je videotegoedbon betaalt dit: er worden geen coins afgeschreven.',
    'voucher.album': 'Je fototegoedbon betaalt dit: er worden geen coins afgeschreven.',
    bought: 'Gekocht',
    play: 'Afspelen',
    includedInVip: 'Inbegrepen in je VIP-lidmaatschap',
  },
  es: {
    'buy.video': 'Comprar vídeo por {price}',
    'buy.album': 'Comprar álbum por {price}',
    'buy.withVoucher': 'Comprar con cupón',
    busy: 'Comprando…',
    oldPrice: 'En lugar de {price}',
    discount: '{percent} % de descuento',
    'voucher.video': 'Tu cupón de vídeo paga esto: no se cobran monedas.',
    'voucher.album': 'Tu cupón de fotos paga esto: no se cobran monedas.',
    bought: 'Comprado',
    play: 'Reproducir',
    includedInVip: 'Incluido en tu membresía VIP',
  },
});
