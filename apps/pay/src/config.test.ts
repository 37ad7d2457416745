import { describe, expect, it } from 'vitest';
import { readPayConfig } from './config.ts';

function doc(meta: Record<string, string>) {
  return {
    querySelector: (selector: string) => {
      const name = /name="([^"]+)"/.exec(selector)?.[1] ?? '';
      return name in meta ? ({ getAttribute: () => meta[name] } as unknown as Element) : null;
    },
  } as Pick<Document, 'querySelector'>;
}

describe('dialog config injected by the pay origin', () => {
  it('reads the public origin, brand and login switch', () => {
    expect(
      readPayConfig(
        doc({
          'vela-public-origin': 'https://vela.test',
          'vela-brand-name': 'Vela',
          'vela-login-enabled': 'false',
        }),
      ),
    ).toEqual({ publicOrigin: 'https://vela.test', brandName: 'Vela', loginEnabled: false });
  });

  it('without a valid public origin there is no config (the dialog then talks to nobody)', () => {
    expect(readPayConfig(doc({}))).toBeNull();
    expect(readPayConfig(doc({ 'vela-public-origin': 'not a url' }))).toBeNull();
  });
});
