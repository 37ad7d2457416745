/**
 * The demo's activity simulator plays the performers (issue 16, decision 0038 part 7) through the
 * performer desk's own actions: it accepts a chat request, answers a guest's message in the guest's
 * language (de, en, nl, es: one of the canned texts of packages/i18n performer-replies), ends a chat
 * (201) or goes offline (203) at its configured rates, and leaves a performer alone whose app uses
 * the API. Short delays here (the defaults are 1–4 s and 2–6 s); real database, wallet and presence.
 */
import { LANGUAGES, type Language } from '@vela/contracts/common';
import { performerReplyMessages } from '@vela/i18n/messages/performer-replies';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPerformerSimulator } from '../src/modules/live/performer.simulator.ts';
import { createPresenceService } from '../src/modules/presence/presence.service.ts';
import { factoriesOf } from './factories.ts';
import { type PerformerNode, performerNodeOn } from './performer-node.ts';
import { testAppPerSuite } from './test-app.ts';

const t = testAppPerSuite();
const quiet = { debug() {} };
const SHORT: readonly [number, number] = [5, 40];

describe('the activity simulator answers as the performers (decision 0038 part 7)', () => {
  let make: ReturnType<typeof factoriesOf>;
  let node: PerformerNode;
  const stops: (() => void)[] = [];

  beforeAll(async () => {
    make = factoriesOf(t, { net: '10.123' });
    node = await performerNodeOn(t, 'node-simulator');
  });
  afterAll(async () => {
    for (const stop of stops) stop();
    await node?.api.close();
  });

  function simulator(rates: { kickRate: number; offlineRate: number }) {
    const sim = createPerformerSimulator({
      desk: node.desk,
      ...rates,
      acceptDelayMs: SHORT,
      replyDelayMs: SHORT,
      log: quiet,
    });
    sim.start();
    stops.push(() => sim.stop());
    return sim;
  }

  const statusOf = async (sessionId: string) => (await node.live.service.sessionById(sessionId))?.status;

  /** A running chat with a simulated performer: asked, accepted by the simulator, media up. */
  async function acceptedChat(language: Language) {
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    const guest = await node.chatGuest(make);
    const sessionId = await node.requestChat(guest.id, actor.id, language);
    await vi.waitFor(async () => expect(await statusOf(sessionId)).toBe('starting'), { timeout: 5000 });
    await node.live.service.event(sessionId, { type: 'mediaUp' });
    return { actor, guest, sessionId };
  }

  it.each(LANGUAGES)(
    'accepts the request and answers the guest in the guest language (%s), with varied texts',
    async (language) => {
      const sim = simulator({ kickRate: 0, offlineRate: 0 });
      const { guest, sessionId } = await acceptedChat(language);
      const replies = Object.values(performerReplyMessages[language]);
      for (const [index, text] of ['hello', 'how are you?', 'nice'].entries()) {
        await node.live.service.event(sessionId, { type: 'message', from: 'guest', text });
        await vi.waitFor(
          async () => {
            const performer = (await node.live.service.messagesOf(sessionId)).filter(
              (m) => m.sender === 'performer',
            );
            expect(performer).toHaveLength(index + 1);
          },
          { timeout: 5000 },
        );
      }
      const answers = (await node.live.service.messagesOf(sessionId))
        .filter((m) => m.sender === 'performer')
        .map((m) => m.text);
      for (const answer of answers) expect(replies).toContain(answer);
      // Never the same text twice in a row.
      expect(answers[1]).not.toBe(answers[0]);
      expect(answers[2]).not.toBe(answers[1]);
      await node.live.service.exit(guest.id, sessionId);
      sim.stop();
      expect(sim.pending()).toBe(0);
    },
  );

  it('at kick rate 1 it ends the chat instead of answering: 201', async () => {
    const sim = simulator({ kickRate: 1, offlineRate: 0 });
    const { sessionId } = await acceptedChat('en');
    await node.live.service.event(sessionId, { type: 'message', from: 'guest', text: 'hi' });
    await vi.waitFor(async () => expect(await statusOf(sessionId)).toBe('ended'), { timeout: 5000 });
    expect((await node.live.service.sessionById(sessionId))?.exitCode).toBe(201);
    sim.stop();
  });

  it('at offline rate 1 it goes offline instead of answering: 203 and the performer is offline', async () => {
    const sim = simulator({ kickRate: 0, offlineRate: 1 });
    const { actor, sessionId } = await acceptedChat('de');
    await node.live.service.event(sessionId, { type: 'message', from: 'guest', text: 'hallo' });
    await vi.waitFor(async () => expect(await statusOf(sessionId)).toBe('ended'), { timeout: 5000 });
    expect((await node.live.service.sessionById(sessionId))?.exitCode).toBe(203);
    const inbox = await node.desk.inbox(actor.id, 0);
    expect(inbox.chats).toEqual([]);
    expect(await node.isOnline(actor.id)).toBe(false);
    sim.stop();
  });

  it('leaves a performer alone whose performer app uses the API: the app accepts by hand', async () => {
    const sim = simulator({ kickRate: 0, offlineRate: 0 });
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    const guest = await node.chatGuest(make);
    const token = node.tokenOf(actor.id);
    const seen = await node.api.inject({ method: 'GET', url: '/rest/v1/performer/inbox', headers: token });
    expect(seen.statusCode).toBe(200);
    const sessionId = await node.requestChat(guest.id, actor.id, 'nl');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await statusOf(sessionId)).toBe('requested');
    expect(sim.pending()).toBe(0);
    const accepted = await node.api.inject({
      method: 'POST',
      url: `/rest/v1/performer/sessions/${sessionId}/accept`,
      headers: token,
    });
    expect(accepted.json().data.status).toBe('starting');
    await node.live.service.exit(guest.id, sessionId);
    sim.stop();
  });
});

describe("the demo's presence step and live chats (decision 0038 part 7)", () => {
  it('does not take a performer in a live chat offline; another performer leaves as before', async () => {
    const changed: [number, boolean][] = [];
    let picked = 7;
    const presence = createPresenceService({
      bus: {
        publish: async () => undefined,
        subscribe: async () => async () => undefined,
        close: async () => undefined,
      },
      actors: {
        setOnline: async (actorId, online) => {
          changed.push([actorId, online]);
          return { id: actorId, name: `A${actorId}`, nameLower: `a${actorId}`, bannedCountryCodes: [] };
        },
        onlineTotal: async () => 10,
        randomActor: async (online) => (online ? picked : null),
        claimStep: async () => true,
      },
      notifications: { favoriteOnline: async () => 0 },
      log: { warn() {} },
      inChat: (actorId) => actorId === 7,
    });
    expect(await presence.simulateStep(5000)).toEqual([]);
    expect(changed).toEqual([]);
    picked = 8;
    expect(await presence.simulateStep(5000)).toHaveLength(1);
    expect(changed).toEqual([[8, false]]);
  });
});
