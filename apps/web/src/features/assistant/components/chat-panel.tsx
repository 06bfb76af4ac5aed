import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { BandCloseButton } from '@/components/ui/band-close-button';

import { useContentSearch } from '../hooks/use-content-search';
import { useViewer } from '../hooks/use-viewer';
import { answerTo, type TAssistantSays } from '../utils/chat-answers';
import { resolveDestination } from '../utils/route-access';

/** Spec 000 §4: the assistant "types" for 1 s before each answer, and a confirmation navigates as it answers. */
export const TYPING_MS = 1000;

type TMessage = { id: number; sender: 'user'; text: string } | ({ id: number; sender: 'ai' } & TAssistantSays);

const CHIPS = ['pricing', 'support', 'sendFax'] as const;

type TChatPanelProps = { id: string; open: boolean; onClose: () => void };

/**
 * The chat panel (spec 000 §2, §4): a non-modal dialog at the bottom right. It mounts on first open with the welcome
 * message; the quick-question chips show while at most one message exists and nothing is being typed. Focus moves to
 * the message box on open; Esc closes (the launcher then puts focus back on its button).
 */
export default function ChatPanel({ id, open, onClose }: TChatPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useViewer();
  const loadContentSearch = useContentSearch();
  const titleId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const nextId = useRef(1);
  const timers = useRef<number[]>([]);
  const [messages, setMessages] = useState<TMessage[]>([{ id: 0, sender: 'ai', say: 'welcome' }]);
  const [typing, setTyping] = useState(false);
  const [draft, setDraft] = useState('');

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // The FAQs and help sections are fetched as the panel opens, so that a question about them is answered in time.
  useEffect(() => {
    if (open) void loadContentSearch().catch(() => {});
  }, [open, loadContentSearch]);

  useEffect(() => {
    const list = timers.current;
    return () => list.forEach((timer) => window.clearTimeout(timer));
  }, []);

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, typing]);

  function send(text: string) {
    const trimmed = text.trim();
    if (trimmed === '' || typing) return;
    setMessages((current) => [...current, { id: nextId.current++, sender: 'user', text: trimmed }]);
    setDraft('');
    setTyping(true);
    const byKeyword = answerTo(trimmed);
    // The spec's keyword rules first; only what they leave to the fallback is looked for in the content.
    const answering =
      'says' in byKeyword && byKeyword.says.say === 'fallback'
        ? loadContentSearch().then(
            (search) => answerTo(trimmed, search),
            () => byKeyword,
          )
        : Promise.resolve(byKeyword);
    const timer = window.setTimeout(() => {
      void answering.then((answer) => {
        const destination = 'go' in answer ? resolveDestination(answer.go, viewer) : null;
        const says: TAssistantSays = destination
          ? { say: 'going', page: destination.page }
          : 'says' in answer
            ? answer.says
            : { say: 'fallback' };
        setMessages((current) => [...current, { id: nextId.current++, sender: 'ai', ...says }]);
        setTyping(false);
        if (destination) void navigate(destination.href);
      });
    }, TYPING_MS);
    timers.current.push(timer);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send(draft);
  }

  function textOf(message: TMessage): string {
    if (message.sender === 'user') return message.text;
    switch (message.say) {
      case 'welcome':
        return t('assistant.chat.welcome');
      case 'going':
        return t('assistant.chat.going', { page: t(`pages.${message.page}`) });
      case 'content':
        return message.answer.answer;
      default:
        return t(`assistant.chat.replies.${message.say}`);
    }
  }

  const showChips = messages.length <= 1 && !typing;

  return (
    <div
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
      className="fixed right-4 bottom-20 z-50 flex h-[min(32rem,calc(100dvh-7rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-lg border bg-background text-foreground shadow-xl"
    >
      <div className="flex items-start justify-between gap-2 bg-primary px-4 py-3 text-primary-foreground">
        <div>
          <h2 id={titleId} className="font-semibold">
            {t('assistant.chat.title')}
          </h2>
          <p className="text-sm opacity-90">{t('assistant.chat.subtitle')}</p>
        </div>
        <BandCloseButton label={t('assistant.chat.close')} onClick={onClose} />
      </div>

      <div
        ref={logRef}
        role="log"
        aria-label={t('assistant.chat.messages')}
        className="flex flex-1 flex-col gap-3 overflow-y-auto p-4 text-sm"
      >
        {messages.map((message) => (
          <p
            key={message.id}
            className={
              message.sender === 'user'
                ? 'max-w-[85%] self-end rounded-lg rounded-br-sm bg-primary px-3 py-2 text-primary-foreground'
                : 'max-w-[85%] self-start rounded-lg rounded-bl-sm bg-muted px-3 py-2'
            }
          >
            <span className="sr-only">{message.sender === 'user' ? t('assistant.chat.you') : t('assistant.chat.assistant')}: </span>
            {message.sender === 'ai' && message.say === 'content' ? (
              // An FAQ or help section of /support: its question, a short answer, and a link to it.
              <span>
                <span lang={message.answer.language}>
                  <strong className="block font-semibold">{message.answer.title}</strong>
                  {message.answer.answer}
                </span>{' '}
                <Link to={message.answer.href} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
                  {t('assistant.chat.readAnswer')}
                </Link>
              </span>
            ) : (
              <span>{textOf(message)}</span>
            )}
          </p>
        ))}
      </div>

      {/* Announced politely; kept in place (empty) so that screen readers notice when it fills. */}
      <p role="status" className="min-h-6 px-4 text-xs text-muted-foreground">
        {typing ? (
          <span className="inline-flex items-center gap-2">
            <span aria-hidden="true" className="inline-flex gap-0.5">
              <span className="size-1.5 animate-bounce rounded-full bg-current motion-reduce:animate-none" />
              <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:150ms] motion-reduce:animate-none" />
              <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:300ms] motion-reduce:animate-none" />
            </span>
            {t('assistant.chat.typing')}
          </span>
        ) : null}
      </p>

      {showChips ? (
        <div role="group" aria-label={t('assistant.chat.quickQuestions')} className="flex flex-wrap gap-2 px-4 pb-3">
          {CHIPS.map((chip) => (
            <button
              key={chip}
              type="button"
              onClick={() => send(t(`assistant.chat.chips.${chip}`))}
              className="rounded-full border border-primary px-3 py-1 text-xs font-medium text-primary outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              {t(`assistant.chat.chips.${chip}`)}
            </button>
          ))}
        </div>
      ) : null}

      <form onSubmit={onSubmit} className="flex gap-2 border-t p-3">
        <label htmlFor={inputId} className="sr-only">
          {t('assistant.chat.inputLabel')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t('assistant.chat.placeholder')}
          autoComplete="off"
          enterKeyHint="send"
          className="h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-sm outline-hidden placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring"
        />
        <button
          type="submit"
          disabled={typing || draft.trim() === ''}
          className="h-10 shrink-0 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground outline-hidden hover:bg-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:opacity-50"
        >
          {t('assistant.chat.send')}
        </button>
      </form>
    </div>
  );
}
