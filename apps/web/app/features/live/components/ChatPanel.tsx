import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { LiveChatT } from '../hooks/useLiveChatT.ts';

/** Longest chat message (decision 0038 part 3, `liveMessage.text` ≤ 500). */
export const LIVE_MESSAGE_MAX = 500;

export interface ChatLine {
  id: string;
  from: 'guest' | 'performer';
  text: string;
  /** A tip or a toy action (issue 18): said as it is, without the sender's name. */
  event?: boolean;
}

/**
 * The text chat with the performer: the messages (a polite live region, newest at the bottom), an
 * input limited to 500 characters with the characters left shown, Enter sends. `send` answers false
 * when the message could not go out (the text stays in the input).
 */
export function ChatPanel({
  lines,
  performerName,
  send,
  closed,
  readOnly = null,
  t,
}: {
  lines: readonly ChatLine[];
  performerName: string;
  send: (text: string) => boolean;
  closed: boolean;
  /** Set when the guest only watches (a voyeur): said instead of the message form. */
  readOnly?: string | null;
  t: LiveChatT;
}) {
  const [text, setText] = useState('');
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el && lines.length > 0) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message || closed) return;
    if (send(message)) setText('');
  };
  const left = LIVE_MESSAGE_MAX - text.length;
  return (
    <section className="live-chat" aria-labelledby="live-chat-title">
      <h4 id="live-chat-title" className="live-chat__title">
        {t('chatTitle')}
      </h4>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log must be reachable by keyboard (axe scrollable-region-focusable). */}
      <div ref={list} className="live-chat__lines" role="log" aria-labelledby="live-chat-title" tabIndex={0}>
        <ol>
          {lines.length === 0 ? (
            <li className="live-chat__empty">{t('chatEmpty', { name: performerName })}</li>
          ) : (
            lines.map((line) => (
              <li
                key={line.id}
                className={`live-chat__line live-chat__line--${line.from}`}
                data-from={line.from}
              >
                {line.event ? (
                  <span className="live-chat__event" data-live-event="">
                    {line.text}
                  </span>
                ) : (
                  <>
                    <span className="live-chat__from">
                      {line.from === 'guest' ? t('chatYou') : performerName}
                    </span>{' '}
                    <span className="live-chat__text">{line.text}</span>
                  </>
                )}
              </li>
            ))
          )}
        </ol>
      </div>
      {closed ? (
        <p className="page__meta">{t('chatClosed')}</p>
      ) : readOnly ? (
        <p className="page__meta" data-live-read-only="">
          {readOnly}
        </p>
      ) : (
        <form className="live-chat__form" onSubmit={submit}>
          <input
            id="live-chat-input"
            aria-label={t('chatInput')}
            className="live-chat__input"
            type="text"
            autoComplete="off"
            enterKeyHint="send"
            maxLength={LIVE_MESSAGE_MAX}
            placeholder={t('chatInput')}
            aria-describedby="live-chat-left"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button" disabled={text.trim() === ''}>
            {t('chatSend')}
          </button>
          <p id="live-chat-left" className="live-chat__left page__meta">
            {t('chatCharsLeft', { count: left })}
          </p>
        </form>
      )}
    </section>
  );
}
