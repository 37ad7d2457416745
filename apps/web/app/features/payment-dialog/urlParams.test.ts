import { describe, expect, it } from 'vitest';
import { dialogSrc, mayCarryDialogRequest } from './dialogAddress.ts';
import { addressAfterLogin, dialogRequestOfUrl } from './urlParams.ts';

const base = 'http://localhost:3000/en/';

describe('payment dialog URL parameters on page load (spec 2)', () => {
  it('showModalbox=1 restores vxpFlow in view wait and strips vxpFlow', () => {
    const { request, replaceWith } = dialogRequestOfUrl(`${base}?showModalbox=1&vxpFlow=vipabo&x=1`);
    expect(request).toEqual({ kind: 'open', flow: 'vipabo', view: 'wait' });
    expect(replaceWith).toBe(`${base}?showModalbox=1&x=1`);
  });

  it('showModalbox=1 without a known flow restores moneycharge', () => {
    expect(dialogRequestOfUrl(`${base}?showModalbox=1&vxpFlow=nope`).request).toEqual({
      kind: 'open',
      flow: 'moneycharge',
      view: 'wait',
    });
  });

  it('vxpAutoFlow=X opens the flow of command openX and is stripped', () => {
    const { request, replaceWith } = dialogRequestOfUrl(`${base}?vxpAutoFlow=SignUp`);
    expect(request).toEqual({ kind: 'open', flow: 'signup' });
    expect(replaceWith).toBe(base);
    expect(dialogRequestOfUrl(`${base}?vxpAutoFlow=AVS`).request).toEqual({ kind: 'open', flow: 'avs' });
  });

  it('an unknown vxpAutoFlow opens nothing but is still stripped', () => {
    const { request, replaceWith } = dialogRequestOfUrl(`${base}?vxpAutoFlow=Hack&a=b`);
    expect(request).toEqual({ kind: 'none' });
    expect(replaceWith).toBe(`${base}?a=b`);
  });

  it('u + key open the password reset prefilled', () => {
    expect(dialogRequestOfUrl(`${base}?u=42&key=abcdefabcdefabcdef`)).toEqual({
      request: { kind: 'open', flow: 'pwdreset', prefill: { u: '42', key: 'abcdefabcdefabcdef' } },
      replaceWith: null,
    });
  });

  it('tpLoginPwdLost / tpEmailPwdLost open password lost prefilled', () => {
    expect(dialogRequestOfUrl(`${base}?tpLoginPwdLost=lena`).request).toEqual({
      kind: 'open',
      flow: 'pwdlost',
      prefill: { login: 'lena' },
    });
    expect(dialogRequestOfUrl(`${base}?tpEmailPwdLost=a%40b.de`).request).toEqual({
      kind: 'open',
      flow: 'pwdlost',
      prefill: { email: 'a@b.de' },
    });
  });

  it('redirect_token is redeemed (posted as a login transfer token)', () => {
    expect(dialogRequestOfUrl(`${base}?redirect_token=tok123`).request).toEqual({
      kind: 'redirect-token',
      token: 'tok123',
    });
  });

  it('a page without parameters does nothing and keeps its address', () => {
    expect(dialogRequestOfUrl(base)).toEqual({ request: { kind: 'none' }, replaceWith: null });
  });
});

describe('which page loads the dialog host on load (issue 15: the host loads on first use)', () => {
  it('every address that opens a dialog, redeems a token or is stripped may carry a request', () => {
    const asking = [
      '?showModalbox=1&vxpFlow=vipabo',
      '?showModalbox=1',
      '?vxpFlow=vipabo',
      '?vxpAutoFlow=SignUp',
      '?vxpAutoFlow=Hack',
      '?u=42&key=abcdefabcdefabcdef',
      '?tpLoginPwdLost=lena',
      '?tpEmailPwdLost=a%40b.de',
      '?redirect_token=tok123',
    ];
    for (const search of asking) {
      const { request, replaceWith } = dialogRequestOfUrl(`${base}${search}`);
      expect(request.kind !== 'none' || replaceWith !== null).toBe(true);
      expect(mayCarryDialogRequest(`${base}${search}`)).toBe(true);
    }
  });

  it('an address without dialog parameters does not load it', () => {
    for (const search of ['', '?page=2', '?q=lena&sort=new', '#top']) {
      expect(dialogRequestOfUrl(`${base}${search}`)).toEqual({
        request: { kind: 'none' },
        replaceWith: null,
      });
      expect(mayCarryDialogRequest(`${base}${search}`)).toBe(false);
    }
  });
});

describe('dialog address', () => {
  it('is PAY_ORIGIN/?id&flow&lang (sview=wait on restore)', () => {
    expect(dialogSrc('http://localhost:3001', { id: 'abc', flow: 'login', lang: 'de' })).toBe(
      'http://localhost:3001/?id=abc&flow=login&lang=de',
    );
    expect(
      dialogSrc('https://pay.example/', { id: 'x', flow: 'moneycharge', lang: 'en', view: 'wait' }),
    ).toBe('https://pay.example/?id=x&flow=moneycharge&lang=en&sview=wait');
  });
});

describe('reload after a login', () => {
  it('drops the one-shot parameters (a used reset key, a redeemed redirect token) and keeps the rest', () => {
    expect(addressAfterLogin(`${base}?u=42&key=abcdefabcdefabcdef&page=2`)).toBe(`${base}?page=2`);
    expect(addressAfterLogin(`${base}?redirect_token=tok`)).toBe(base);
    expect(addressAfterLogin(`${base}?showModalbox=1&tpEmailPwdLost=a%40b.de#top`)).toBe(`${base}#top`);
  });

  it('keeps an address without them unchanged (a plain reload)', () => {
    expect(addressAfterLogin(`${base}?page=2`)).toBe(`${base}?page=2`);
  });
});
