/**
 * The telephony port (issue 18, spec 4 pin call verification): how a pin reaches a phone. A mobile
 * number gets an SMS, a fixed line (landline) a voice call that reads the pin out. The pincall module
 * calls `sendPin`; the voice call module adds its inbound-call side in its own file
 * (modules/voicecall/telephony-calls.ts).
 *
 * Implementations: the sandbox (default outside production), which "sends" the message to the dev
 * outbox — the mail module's outbox, kind `sms` or `voice-call`, addressed to the E.164 number, so
 * `/dev/mail` lists it and tests read it from `/dev/mail/latest.json?to=%2B49…`. A real provider
 * implements the same interface. In production without a provider there is no telephony (`null`):
 * the pincall fields do not exist.
 */
import type { Language } from '@vela/contracts/common';
import type { PincallType } from '@vela/domain/pincall';

export interface PinMessage {
  /** +<calling code><number>, as the domain's parser normalised it. */
  phoneE164: string;
  /** `mobile`: SMS; `landline`: voice call. */
  type: PincallType;
  language: Language;
  /** The digits to deliver (never logged, never stored in clear). */
  pin: string;
}

export interface Telephony {
  /** Names the implementation (`sandbox`, or the provider's name). */
  readonly name: string;
  /** Delivers the pin; rejects when the provider refused or failed (the caller answers code 10). */
  sendPin(message: PinMessage): Promise<void>;
}

/** The text of the SMS / of the voice call, in the four languages (spec 9). */
const PIN_TEXTS: Record<Language, { sms: (pin: string) => string; call: (pin: string) => string }> = {
  en: {
    sms: (pin) => `Your Vela code is ${pin}. It works for 10 minutes. Never share it.`,
    call: (pin) => `Hello, this is Vela. Your code is ${spaced(pin)}. Again: ${spaced(pin)}.`,
  },
  de: {
    sms: (pin) => `Dein Vela-Code lautet ${pin}. Er gilt 10 Minuten. Gib ihn niemandem weiter.`,
    call: (pin) => `Hallo, hier ist Vela. Dein Code lautet ${spaced(pin)}. Noch einmal: ${spaced(pin)}.`,
  },
  nl: {
    sms: (pin) => `Je Vela-code is ${pin}. Hij werkt 10 minuten. Deel hem met niemand.`,
    call: (pin) => `Hallo, dit is Vela. Je code is ${spaced(pin)}. Nog een keer: ${spaced(pin)}.`,
  },
  es: {
    sms: (pin) => `Tu código de Vela es ${pin}. Vale durante 10 minutos. No lo compartas con nadie.`,
    call: (pin) => `Hola, te llama Vela. Tu código es ${spaced(pin)}. Otra vez: ${spaced(pin)}.`,
  },
};

/** A voice reads digits one by one. */
const spaced = (pin: string) => pin.split('').join(' ');

/** The text a pin message carries (the sandbox stores it; a provider sends it). */
export function pinMessageText(message: Pick<PinMessage, 'type' | 'language' | 'pin'>): string {
  const texts = PIN_TEXTS[message.language];
  return message.type === 'mobile' ? texts.sms(message.pin) : texts.call(message.pin);
}

/** The dev outbox as the sandbox needs it (the mail module's mailer fits). */
export interface TelephonyOutbox {
  send(entry: { kind: string; to: string; subject: string; text: string }): Promise<unknown>;
}

/** Outbox kinds of the sandbox's messages. */
export const SANDBOX_SMS_KIND = 'sms';
export const SANDBOX_CALL_KIND = 'voice-call';

/** The sandbox: writes the SMS / the voice call's text to the dev outbox, addressed to the number. */
export function createSandboxTelephony(outbox: TelephonyOutbox): Telephony {
  return {
    name: 'sandbox',
    async sendPin(message) {
      const sms = message.type === 'mobile';
      await outbox.send({
        kind: sms ? SANDBOX_SMS_KIND : SANDBOX_CALL_KIND,
        to: message.phoneE164,
        subject: sms ? `SMS to ${message.phoneE164}` : `Voice call to ${message.phoneE164}`,
        text: pinMessageText(message),
      });
    },
  };
}

/**
 * The configured telephony: the sandbox outside production; in production none (no real provider is
 * integrated yet — one would be chosen by a TELEPHONY_PROVIDER variable and implement `Telephony`),
 * so there the pincall fields do not exist.
 */
export function createTelephony(options: { nodeEnv: string; outbox: TelephonyOutbox }): Telephony | null {
  return options.nodeEnv === 'production' ? null : createSandboxTelephony(options.outbox);
}
