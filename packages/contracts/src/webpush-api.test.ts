import { describe, expect, it } from 'vitest';
import {
  decodeWebPushPayload,
  encodeWebPushPayload,
  WebPushSubscribeRequestSchema,
  WebPushUpdateRequestSchema,
} from './webpush-api.ts';

describe('web push {payload}', () => {
  it('is base64url of the JSON { endpoint } and decodes back', () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/eXa_mple:APA91b-ü?x=1';
    const payload = encodeWebPushPayload(endpoint);
    expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(payload, 'base64url').toString('utf8')).toBe(JSON.stringify({ endpoint }));
    expect(decodeWebPushPayload(payload)).toEqual({ endpoint });
  });

  it('anything else decodes to undefined', () => {
    expect(decodeWebPushPayload('not json')).toBeUndefined();
    expect(decodeWebPushPayload(Buffer.from('{"endpoint":').toString('base64url'))).toBeUndefined();
    expect(decodeWebPushPayload(Buffer.from([0xff, 0xfe]).toString('base64url'))).toBeUndefined();
  });
});

describe('web push requests', () => {
  const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

  it('take PushSubscription.toJSON() plus a language; padding of the keys is dropped', () => {
    const parsed = WebPushSubscribeRequestSchema.parse({
      endpoint: 'https://push.example.com/x',
      expirationTime: null,
      keys: { p256dh: `${keys.p256dh}=`, auth: `${keys.auth}==` },
      language: 'nl',
    });
    expect(parsed.keys).toEqual(keys);
  });

  it('an update changes language, enabled or both, nothing else', () => {
    expect(WebPushUpdateRequestSchema.safeParse({}).success).toBe(false);
    expect(WebPushUpdateRequestSchema.safeParse({ enabled: false }).success).toBe(true);
    expect(WebPushUpdateRequestSchema.safeParse({ language: 'es', enabled: true }).success).toBe(true);
    expect(WebPushUpdateRequestSchema.safeParse({ enabled: false, token: 'x' }).success).toBe(false);
  });
});
