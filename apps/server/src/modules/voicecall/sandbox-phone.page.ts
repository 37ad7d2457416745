/**
 * The sandbox phone page of local runs (`GET /dev/phone` and its script `/dev/phone.js`; decision
 * 0051): where a person trying the demo "calls" a performer's voice number, like `/dev/mail` is where
 * the sandbox's mails and pin codes arrive. The page only drives the sandbox telephony's own calls
 * (`POST /rest/v1/voicecall/sandbox/dial` and `…/hangup`), so it does what the API does and nothing
 * more: a number a guest verified (pin call on the My-area profile page) is that guest's call, any
 * other number is the anonymous voice caller, whose code the page shows as the phone line would say it,
 * with the link that opens the code dialog on the performer's page.
 * Registered only outside production; in production both paths do not exist. Developer tooling, in
 * English like the outbox page. The script is a file of this origin (the CSP allows 'self').
 */
import type { FastifyPluginAsync } from 'fastify';
import { privateResponses } from '../../http/private.ts';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox phone</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
label{display:block;margin:1rem 0 .25rem}input{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
label.check{display:flex;gap:.5rem;align-items:center}label.check input{width:auto}
button{margin:1rem .5rem 1rem 0;padding:.5rem 1rem;font:inherit}
[data-state=error]{color:#b42318}[data-state=calling]{color:#1a7f37}
output{display:block;font-size:1.5rem;letter-spacing:.2em;margin:.5rem 0}
</style>
</head>
<body>
<main id="phone">
<h1>Sandbox phone</h1>
<p>Local runs only: call a performer's voice number as the telephony provider would report it. A number you
verified on your profile page (Phone number) is your call: your open pages switch to the performer's video.
Any other number is an anonymous caller: enter the code below on the performer's page. An anonymous caller
sees the performer's video only when the line checked the caller's age (an age-verified premium line).</p>
<form id="dial-form">
<label for="from">Your phone number</label>
<input id="from" name="from" type="tel" autocomplete="tel" required placeholder="+49 151 23456789">
<label for="performer">Performer (name as in the profile address, e.g. honeyjules)</label>
<input id="performer" name="performer" type="text" required autocomplete="off">
<label class="check"><input id="age-verified" name="ageVerified" type="checkbox" checked>
The line checked the caller's age (sandbox)</label>
<button type="submit" id="dial">Call</button>
<button type="button" id="hangup" disabled>Hang up</button>
</form>
<p id="status" role="status" aria-live="polite" data-state="idle">No call.</p>
<div id="anonymous" hidden>
<p>The line says your code:</p>
<output id="code"></output>
<p><a id="enter" href="/">Enter the code on the performer's page</a></p>
</div>
</main>
<script src="/dev/phone.js"></script>
</body>
</html>
`;

const SCRIPT = `'use strict';
(() => {
  const form = document.getElementById('dial-form');
  const status = document.getElementById('status');
  const hangup = document.getElementById('hangup');
  const dial = document.getElementById('dial');
  const anonymous = document.getElementById('anonymous');
  let callId = null;
  const say = (text, state) => { status.textContent = text; status.dataset.state = state; };
  async function post(path, body) {
    const response = await fetch('/rest/v1/voicecall/sandbox/' + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => null);
    if (!response.ok || !answer || !answer.success) {
      throw new Error((answer && answer.error && answer.error.message) || 'The call failed (' + response.status + ')');
    }
    return answer.data;
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const from = form.from.value.replace(/[\\s()-]/g, '');
    const slug = form.performer.value.trim().toLowerCase();
    dial.disabled = true;
    anonymous.hidden = true;
    try {
      const actor = await fetch('/rest/v1/actor/getActorDataByIdOrName/' + encodeURIComponent(slug));
      const actorAnswer = await actor.json().catch(() => null);
      if (!actor.ok || !actorAnswer || !actorAnswer.success) throw new Error('There is no performer named ' + slug);
      const actorId = Number(actorAnswer.data.id);
      const providerCallId = 'dev-' + Date.now() + '-' + Math.floor(Math.random() * 1e9);
      const ageVerified = form.ageVerified.checked;
      const call = await post('dial', { providerCallId, from, actorId, ageVerified });
      callId = call.providerCallId;
      hangup.disabled = false;
      if (call.caller === 'anonymous' && call.accessToken) {
        document.getElementById('code').textContent = call.accessToken;
        document.getElementById('enter').href = '/en/amateur/' + encodeURIComponent(slug) + '/?voicecall=' + actorId;
        anonymous.hidden = false;
        say('Calling ' + actorAnswer.data.name + ' as an anonymous caller.', 'calling');
      } else {
        say('Calling ' + actorAnswer.data.name + ' as the guest who verified this number.', 'calling');
      }
    } catch (error) {
      dial.disabled = false;
      say(error.message, 'error');
    }
  });
  hangup.addEventListener('click', async () => {
    if (!callId) return;
    hangup.disabled = true;
    try {
      const ended = await post('hangup', { providerCallId: callId });
      say('Call ended (code ' + ended.exitCode + '): ' + ended.billedMinutes + ' started minute(s) billed to the phone.', 'idle');
      callId = null;
      dial.disabled = false;
      anonymous.hidden = true;
    } catch (error) {
      hangup.disabled = false;
      say(error.message, 'error');
    }
  });
})();
`;

/** The page and its script outside production; in production the paths do not exist. */
export function sandboxPhonePage(deps: { enabled: boolean }): FastifyPluginAsync {
  return async (app) => {
    if (!deps.enabled) {
      app.get('/dev/phone', (_request, reply) => reply.callNotFound());
      app.get('/dev/phone.js', (_request, reply) => reply.callNotFound());
      return;
    }
    privateResponses(app);
    app.get('/dev/phone', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
    app.get('/dev/phone.js', async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(SCRIPT),
    );
  };
}
