/**
 * The performer broadcast page (issue 16, decision 0038 part 7): `GET /rest/v1/performer/broadcast`
 * (`?lang=de|en|nl|es`) and its script. The performer enters the token, the page takes the camera
 * (getUserMedia), offers it as a send-only VP8 video (non-trickle: the offer carries its candidates)
 * to `POST performer/broadcast` with the token, and applies the answer: the media path makes the
 * camera the performer's source (LiveMedia.publishPerformer), so every viewer sees it instead of the
 * test pattern. The page holds no data and needs no login; the token guards the broadcast call.
 * The script is a file of this origin (the CSP allows 'self'), its texts travel as a data attribute.
 */
import { LANGUAGES, type Language } from '@vela/contracts/common';
import { performerBroadcastMessages } from '@vela/i18n/messages/performer-broadcast';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function broadcastLanguage(value: unknown): Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
    ? (value as Language)
    : 'en';
}

export function broadcastPage(lang: Language): string {
  const t = performerBroadcastMessages[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
label{display:block;margin:1rem 0 .25rem}input{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
button{margin:1rem .5rem 1rem 0;padding:.5rem 1rem;font:inherit}
video{width:100%;aspect-ratio:16/9;background:#222}
[data-state=live]{color:#1a7f37}[data-state=error]{color:#b42318}
</style>
</head>
<body>
<main id="broadcast" data-texts="${escapeHtml(JSON.stringify(t))}">
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro)}</p>
<form id="broadcast-form">
<label for="token">${escapeHtml(t.token)}</label>
<input id="token" name="token" type="password" autocomplete="off" required>
<button type="submit" id="start">${escapeHtml(t.start)}</button>
<button type="button" id="stop" disabled>${escapeHtml(t.stop)}</button>
</form>
<p id="status" role="status" aria-live="polite" data-state="idle">${escapeHtml(t.idle)}</p>
<video id="preview" autoplay muted playsinline></video>
<section id="toy" aria-labelledby="toy-title">
<h2 id="toy-title">${escapeHtml(t.toyTitle)}</h2>
<button type="button" id="toy-show">${escapeHtml(t.toyShow)}</button>
<p id="toy-state" role="status" aria-live="polite" data-toy-state="unknown"></p>
<h3>${escapeHtml(t.toyLog)}</h3>
<ol id="toy-log"></ol>
</section>
</main>
<script src="/rest/v1/performer/broadcast.js"></script>
</body>
</html>
`;
}

/** The page's script (plain browser JavaScript). */
export const BROADCAST_SCRIPT = `'use strict';
(() => {
  const root = document.getElementById('broadcast');
  const t = JSON.parse(root.dataset.texts);
  const form = document.getElementById('broadcast-form');
  const status = document.getElementById('status');
  const preview = document.getElementById('preview');
  const stopButton = document.getElementById('stop');
  let pc = null;
  let stream = null;
  const show = (text, state) => {
    status.textContent = text;
    status.dataset.state = state;
  };
  const gathered = (peer) =>
    new Promise((resolve) => {
      if (peer.iceGatheringState === 'complete') return resolve();
      peer.addEventListener('icegatheringstatechange', () => {
        if (peer.iceGatheringState === 'complete') resolve();
      });
    });
  const release = () => {
    if (pc) pc.close();
    pc = null;
    if (stream) for (const track of stream.getTracks()) track.stop();
    stream = null;
    preview.srcObject = null;
    stopButton.disabled = true;
  };
  stopButton.addEventListener('click', () => {
    release();
    show(t.idle, 'idle');
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    release();
    show(t.connecting, 'connecting');
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 360 }, audio: false });
    } catch {
      show(t.noCamera, 'error');
      return;
    }
    preview.srcObject = stream;
    stopButton.disabled = false;
    const peer = new RTCPeerConnection();
    pc = peer;
    peer.addTransceiver(stream.getVideoTracks()[0], { direction: 'sendonly', streams: [stream] });
    peer.addEventListener('connectionstatechange', () => {
      if (pc !== peer) return;
      if (peer.connectionState === 'connected') show(t.live, 'live');
      if (peer.connectionState === 'failed') show(t.lost, 'error');
    });
    await peer.setLocalDescription(await peer.createOffer());
    await gathered(peer);
    let body = null;
    let statusCode = 0;
    try {
      const response = await fetch('/rest/v1/performer/broadcast', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-performer-token': form.elements.token.value.trim() },
        body: JSON.stringify({ sdp: peer.localDescription.sdp }),
      });
      statusCode = response.status;
      body = await response.json();
    } catch {
      body = null;
    }
    if (pc !== peer) return;
    if (!body || !body.success) {
      release();
      const reason = body && body.error ? body.error.message : String(statusCode);
      show(t.failed.replace('{reason}', reason), 'error');
      return;
    }
    await peer.setRemoteDescription({ type: 'answer', sdp: body.data.answerSdp });
  });
  // The Toy panel (issue 18): the toy's live state and the latest actions, read every second.
  const toyState = document.getElementById('toy-state');
  const toyLog = document.getElementById('toy-log');
  const fill = (text, values) => text.replace(/\\{(\\w+)\\}/g, (_, key) => String(values[key]));
  let toyTimer = null;
  const readToy = async () => {
    let body = null;
    let statusCode = 0;
    try {
      const response = await fetch('/rest/v1/performer/toy', {
        headers: { 'x-performer-token': form.elements.token.value.trim() },
      });
      statusCode = response.status;
      body = await response.json();
    } catch {
      body = null;
    }
    if (!body || !body.success) {
      toyState.dataset.toyState = 'error';
      toyState.textContent = fill(t.toyFailed, { reason: body && body.error ? body.error.message : String(statusCode) });
      return;
    }
    const toy = body.data;
    if (!toy.available) {
      toyState.dataset.toyState = 'none';
      toyState.textContent = t.toyNone;
    } else if (toy.state.status === 'vibrating') {
      const seconds = Math.max(0, Math.ceil((Date.parse(toy.state.until) - Date.now()) / 1000));
      toyState.dataset.toyState = 'vibrating';
      toyState.dataset.toyLevel = String(toy.state.level);
      toyState.textContent = fill(t.toyVibrating, { level: toy.state.level, seconds });
    } else {
      toyState.dataset.toyState = 'idle';
      toyState.textContent = t.toyIdle;
    }
    toyLog.replaceChildren(
      ...toy.actions.map((action) => {
        const item = document.createElement('li');
        item.textContent =
          new Date(action.at).toLocaleTimeString() + ' — ' +
          fill(t.toyLogLine, { level: action.level, seconds: Math.round(action.durationMs / 1000) }) +
          (action.status === 'refunded' ? ' ' + t.toyRefunded : '');
        return item;
      }),
    );
  };
  document.getElementById('toy-show').addEventListener('click', () => {
    if (toyTimer) clearInterval(toyTimer);
    void readToy();
    toyTimer = setInterval(() => void readToy(), 1000);
  });
})();
`;
