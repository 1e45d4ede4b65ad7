import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { CHAT_HUB_METHODS, type Chat, type Message } from '@companion/contracts';
import { useChatReply, useMountProps, useTrack, useTransport } from '@companion/remote-kit';
import { getMessages, openChat, PAGE_SIZE, prefetchedChat } from '../../../shared/api/chats-api.ts';
import { hubErrorCode } from '../lib/hub-error.ts';
import { mergeMessages } from '../lib/messages.ts';
import { newClientMessageId, outbox, type OutboxEntry } from '../lib/outbox.ts';
import { repliesAtOpen, type ResumableReply } from '../lib/replies-ahead.ts';
import { foldReplies, latestBalance, type ReplyView } from '../lib/reply.ts';
import { useChatHubState, useOnline } from './use-chat-hub-state.ts';

/** After a send or resume broke for want of a connection, the next try waits this long. */
const RETRY_AFTER_MS = 2000;

/** Messages sent in this tab, counted for the spec's `message_sent_20` event. */
let sentInSession = 0;

/**
 * One open conversation: history in pages from the newest, the live reply (ADR 0033) folded from the kit's
 * `useChatReply`, resume after a chat switch, reload or dropped connection, the offline outbox, stop and retry.
 */
export function useConversation(chatId: string, preview: Chat | null = null) {
  const transport = useTransport();
  const { hubs, bus } = useMountProps();
  const track = useTrack();
  const hubState = useChatHubState();
  const online = useOnline();
  const [backoff, setBackoff] = useState(false);
  const reply = useChatReply();
  // The newest page fetched ahead (on hover) paints at once, else the list's copy of the chat (its last message)
  // until the newest page lands.
  const [first] = useState(() => prefetchedChat(chatId));
  const [chat, setChat] = useState<Chat | null>(first ?? preview);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [history, setHistory] = useState<Message[]>(() => (first ?? preview)?.messages ?? []);
  const [hasOlder, setHasOlder] = useState(() => (first?.messages.length ?? 0) >= PAGE_SIZE);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [stopped, setStopped] = useState<{ replyId: string; text: string } | null>(null);
  const [lastSent, setLastSent] = useState<string | null>(null);
  const sending = useRef<string | null>(null);
  /** This conversation started a send or a regenerate: the resume at open must not replace (and cancel) it. */
  const startedHere = useRef(false);
  const { start, stop: detach } = reply;

  const entries = useSyncExternalStore(
    (listener) => outbox.subscribe(listener),
    () => outbox.snapshot(),
  );
  const pending = useMemo(() => entries.filter((entry) => entry.chatId === chatId), [entries, chatId]);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const loaded = await openChat(transport, chatId);
      setChat(loaded);
      setHistory((list) => mergeMessages(list, loaded.messages));
      setHasOlder(loaded.messages.length >= PAGE_SIZE);
    } catch (error) {
      setLoadError(error);
    }
  }, [transport, chatId]);

  /** The newest page again, merged (after a stop, the stored partial reply). */
  const refreshNewest = useCallback(async () => {
    const page = await getMessages(transport, chatId, null, PAGE_SIZE);
    setHistory((list) => mergeMessages(list, page));
  }, [transport, chatId]);

  // Open: history, then any reply still running or just finished in this chat (another tab, before a reload).
  useEffect(() => {
    let live = true;
    // The shell opens chatHub on its first call: asking for resumable replies alongside the history (not after it;
    // or already while this chunk loaded, `askRepliesAhead`) has the connection up sooner, so a first send rarely
    // waits for it (ADR 0270). The answer is used once the history is here, as before.
    const asked = repliesAtOpen(hubs, chatId);
    void load().then(async () => {
      if (!live || asked === null) return;
      const replies = await asked;
      const running = replies.filter((r) => r.chatId === chatId && r.status === 'running').at(-1);
      // A send made while this was on its way is that running reply, already streaming here: starting the resume
      // would dispose its stream, and disposing a SendMessage stream cancels the generation.
      if (live && running && !startedHere.current) start(CHAT_HUB_METHODS.resumeReply, running.replyId, -1);
    });
    track('chat_opened', { chatId });
    return () => {
      live = false;
    };
  }, [load, hubs, chatId, start, track]);

  const replies = useMemo(() => foldReplies(reply.items), [reply.items]);
  const current: ReplyView | null = reply.progress.replyId
    ? (replies.get(reply.progress.replyId) ?? null)
    : null;
  const code = reply.error ? hubErrorCode(reply.error) : null;
  const disconnected = reply.error !== null && code === null;

  // Accepted: the outbox entry is delivered; the header balance is refetched by the shell.
  useEffect(() => {
    if (!current?.userMessage) return;
    if (sending.current) {
      outbox.settle(sending.current);
      sending.current = null;
    }
  }, [current?.userMessage]);
  const balance = latestBalance(replies);
  useEffect(() => {
    if (balance !== null) bus.publish('tokens:balance-refresh-requested', { source: 'chat' });
  }, [balance, bus]);

  // A stream that ended with a code: the send is over (a refused send leaves the outbox; a refund shows).
  useEffect(() => {
    if (reply.error === null) return;
    if (code === null) {
      // Dropped before the server accepted: the message waits again, and the next try waits a little.
      if (sending.current && !current?.userMessage) {
        outbox.release(sending.current);
        sending.current = null;
      }
      setBackoff(true);
      const timer = setTimeout(() => setBackoff(false), RETRY_AFTER_MS);
      return () => clearTimeout(timer);
    }
    if (sending.current) {
      outbox.settle(sending.current);
      sending.current = null;
    }
    if (code === 'generation_failed' || code === 'engine_busy')
      bus.publish('tokens:balance-refresh-requested', { source: 'chat' });
  }, [reply.error, code, current?.userMessage, bus]);

  /** One outbox entry goes out; its id goes with it, so a resend cannot pay or store twice (ADR 0220). */
  const dispatch = useCallback(
    (entry: OutboxEntry) => {
      sending.current = entry.id;
      startedHere.current = true;
      start(CHAT_HUB_METHODS.sendMessage, chatId, entry.text, entry.id);
    },
    [start, chatId],
  );

  // Back online: continue the reply from the last item seen, then flush the outbox, one message at a time.
  const settling = hubState === 'Connecting' || hubState === 'Reconnecting' || hubState === 'Disconnecting';
  const resumable = disconnected && reply.progress.replyId !== null && !reply.progress.completed;
  const held = !online || backoff || reply.streaming;
  useEffect(() => {
    if (held || settling) return;
    if (resumable) {
      reply.resume();
      return;
    }
    const next = outbox.take(chatId);
    if (!next) return;
    setLastSent(next.text);
    dispatch(next);
  }, [held, settling, resumable, reply, chatId, dispatch, pending]);

  // A connected hub, nothing older waiting and no reply running: the message leaves from the key press itself,
  // before any state of this send renders (the frame does not wait for a React commit; ADR 0255). While the hub's
  // first connection is being opened ('Connecting', the chat just opened) the send joins that opening (the shell's
  // stream waits for it) instead of waiting for a render of 'Connected' and the outbox flush (ADR 0270); if the
  // connection fails, the entry is released to the outbox as on any send that never reached the server.
  const direct = !held && !resumable && (hubState === 'Connected' || hubState === 'Connecting');
  const send = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (trimmed === '') return;
      if (direct && outbox.list(chatId).length === 0) {
        const entry = { id: newClientMessageId(), chatId, text: trimmed, state: 'sending' as const };
        dispatch(entry);
        outbox.add(chatId, trimmed, entry);
        setLastSent(trimmed);
      } else outbox.add(chatId, trimmed);
      setStopped(null);
      sentInSession += 1;
      track('message_sent', { chatId });
      if (sentInSession === 20) track('message_sent_20', { chatId });
    },
    [direct, chatId, dispatch, track],
  );

  /** A new alternative of the last reply (RegenerateReply, priced like a message; ADR 0220). */
  const regenerate = useCallback(() => {
    if (reply.streaming) return;
    setStopped(null);
    setLastSent(null);
    startedHere.current = true;
    start(CHAT_HUB_METHODS.regenerateReply, chatId, newClientMessageId());
    track('reply_regenerated', { chatId });
  }, [reply.streaming, start, chatId, track]);

  // Retry what failed: the message again (a new send: the failed one was refunded), or the regenerate.
  const retry = useCallback(() => {
    if (lastSent) send(lastSent);
    else regenerate();
  }, [lastSent, send, regenerate]);

  const stop = useCallback(async () => {
    const replyId = reply.progress.replyId;
    if (!replyId) return;
    setStopped({ replyId, text: current?.text ?? '' });
    await hubs.invoke('chatHub', CHAT_HUB_METHODS.cancelReply, replyId).catch(() => undefined);
    detach();
    // The server stores what was said (or refunds when nothing was): wait for the reply to settle, then reload.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const list = await hubs
        .invoke<ResumableReply[]>('chatHub', CHAT_HUB_METHODS.getReplies, chatId)
        .catch(() => []);
      if (!list.some((r) => r.replyId === replyId && r.status === 'running')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await refreshNewest().catch(() => undefined);
    bus.publish('tokens:balance-refresh-requested', { source: 'chat' });
  }, [reply.progress.replyId, current?.text, hubs, detach, chatId, refreshNewest, bus]);

  const loadOlder = useCallback(async () => {
    const oldest = history[0];
    if (!oldest || loadingOlder || !hasOlder) return;
    setLoadingOlder(true);
    try {
      const page = await getMessages(transport, chatId, oldest.id, PAGE_SIZE);
      setHistory((list) => mergeMessages(page, list));
      setHasOlder(page.length >= PAGE_SIZE);
    } finally {
      setLoadingOlder(false);
    }
  }, [history, loadingOlder, hasOlder, transport, chatId]);

  const replaceMessage = useCallback((message: Message) => {
    setHistory((list) => mergeMessages(list, [message]));
  }, []);

  // Everything the stream stored joins the history; the reply in progress shows separately.
  const stored = useMemo(() => {
    const live: Message[] = [];
    for (const view of replies.values()) {
      if (view.chatId !== null && view.chatId !== chatId) continue;
      if (view.userMessage) live.push(view.userMessage);
      if (view.message) live.push(view.message);
    }
    return live;
  }, [replies, chatId]);
  // What the stream stored joins the history once; later changes (a like, a chosen alternative) win over it.
  const absorbed = useRef(new Set<Message>());
  useLayoutEffect(() => {
    const fresh = stored.filter((message) => !absorbed.current.has(message));
    if (fresh.length === 0) return;
    for (const message of fresh) absorbed.current.add(message);
    setHistory((list) => mergeMessages(list, fresh));
  }, [stored]);

  const streamingReply =
    current && !current.message && (reply.streaming || disconnected) && stopped?.replyId !== current.replyId
      ? current
      : null;
  // While a regenerated reply streams, the text it replaces steps aside (it comes back with every alternative).
  const replacing = streamingReply?.regenerates ?? null;
  const messages = useMemo(() => {
    const all = mergeMessages(stored, history);
    return replacing ? all.filter((message) => message.id !== replacing) : all;
  }, [history, stored, replacing]);

  return {
    chat,
    setChat,
    loadError,
    reload: load,
    messages,
    hasOlder,
    loadingOlder,
    loadOlder,
    replaceMessage,
    pending: pending.filter((entry) => !messages.some((m) => m.id === entry.id)),
    streamingReply,
    typing: streamingReply !== null && streamingReply.text === '',
    streaming: reply.streaming,
    errorCode: code,
    disconnected,
    hubState,
    balance,
    stop,
    send,
    retry,
    regenerate,
  };
}
