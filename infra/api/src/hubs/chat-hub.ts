// chatHub: stream a companion reply to a message the user sends, resumable, paid through the ledger.

import type { ChatHubErrorCode } from '@companion/contracts';
import { MAX_CLIENT_MESSAGE_ID_LENGTH } from '@companion/contracts';
import type { HubCallContext, HubDefinition } from '@companion/hubs';
import { HubError } from '@companion/hubs';
import type { Message } from '@companion/contracts';
import { CompanionEngineError } from '../engines/companion/index.ts';
import type { CompanionEngine } from '../engines/companion/index.ts';
import { findUnsafeText } from '../http/validate.ts';
import type { ChatMemory } from '../features/chats/memory/memory-service.ts';
import type { ChatReplyItem, ReplyRun } from './chat-replies.ts';
import { ReplyRegistry } from './chat-replies.ts';
import type { ReplyRelay } from './reply-relay.ts';
import { CHAT_ERRORS } from './chat-errors.ts';
import { createRemoteReplies } from './chat-hub-remote.ts';
import { DuplicateSendError, NotEnoughTokensError } from './ports.ts';
import type { ChatReplyStore, HubChat, StoredSend } from './ports.ts';

export { CHAT_ERRORS } from './chat-errors.ts';

/** Longest accepted user message, in characters. */
export const MAX_MESSAGE_LENGTH = 2000;
/** Turns of history given to the engine. */
const HISTORY_TURNS = 20;

/** A client message id as sent, or null when absent or not usable (then the send is not deduplicated). */
function clientIdOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim();
  return id === '' || id.length > MAX_CLIENT_MESSAGE_ID_LENGTH ? null : id;
}

/** Dependencies of {@link createChatHub}. */
export interface ChatHubDeps {
  store: ChatReplyStore;
  engine: CompanionEngine;
  replies?: ReplyRegistry;
  /** Shares replies with the other instances (Redis, ADR 0265); absent, replies are this instance's alone. */
  relay?: ReplyRelay;
  onError?: (error: unknown) => void;
  /** Learns from each completed send after its reply is stored, off the send path (ADR 0360). */
  memory?: Pick<ChatMemory, 'afterReply'>;
}

/** The chat hub definition, the registry it keeps (exposed for shutdown and tests) and its orphan sweep. */
export function createChatHub(deps: ChatHubDeps): {
  hub: HubDefinition;
  replies: ReplyRegistry;
  /**
   * Refunds (once) the replies among `replyIds` whose owner instance died, found through the relay; the count.
   * Replies nobody resumes are settled this way, not only when a client asks (ADR 0265).
   */
  sweepOrphans(replyIds: readonly string[]): Promise<number>;
} {
  const replies = deps.replies ?? new ReplyRegistry();
  const onError = deps.onError ?? ((error: unknown) => console.error('[chatHub]', error));

  const { findRemote, followRemote, remoteReplies, sweepOrphans } = createRemoteReplies(deps, replies);

  const interruptedReplies = (userId: string, chatId?: string) =>
    deps.store.interruptedReplies ? deps.store.interruptedReplies(userId, chatId) : Promise.resolve([]);

  /**
   * A send seen before (same client id in this chat, ADR 0220): follows the run when this instance has it, else
   * replays what the database kept. Nothing is spent again. Null when the id is new.
   */
  async function* replaySend(
    ctx: HubCallContext,
    chatId: string,
    clientMessageId: string,
    lookup?: Promise<StoredSend | null>,
  ): AsyncGenerator<ChatReplyItem, boolean> {
    const run = replies.forClientMessage(ctx.userId, chatId, clientMessageId);
    if (run) {
      yield* follow(ctx, run, -1, run.status === 'running');
      return true;
    }
    const stored = await (lookup ?? deps.store.findSend(ctx.userId, chatId, clientMessageId));
    if (stored === null) return false;
    const remote = stored.status === 'running' ? await findRemote(ctx.userId, stored.replyId) : null;
    if (remote) yield* followRemote(ctx, remote, -1);
    else yield* storedItems(chatId, stored);
    return true;
  }

  /**
   * The same send, started on another connection while this one awaited the store. Callers check it with no await
   * before the busy check and `replies.start`, so two racing sends with one client id make one run.
   */
  function racingRun(ctx: HubCallContext, chatId: string, clientMessageId: string | null) {
    return clientMessageId === null ? null : replies.forClientMessage(ctx.userId, chatId, clientMessageId);
  }

  /** The items a client would have seen for a send this instance no longer holds. */
  async function* storedItems(chatId: string, stored: StoredSend): AsyncGenerator<ChatReplyItem> {
    const base = { replyId: stored.replyId };
    let index = 0;
    if (stored.userMessage)
      yield {
        ...base,
        kind: 'accepted',
        index: index++,
        chatId,
        userMessage: stored.userMessage,
        remainingTokens: stored.remainingTokens,
      };
    if (stored.status === 'failed' || stored.status === 'refunded')
      throw new HubError(CHAT_ERRORS.generationFailed);
    if (stored.reply) yield { ...base, kind: 'completed', index, message: stored.reply };
  }

  async function* sendMessage(
    ctx: HubCallContext,
    chatIdArg: unknown,
    textArg: unknown,
    clientMessageIdArg?: unknown,
  ): AsyncGenerator<ChatReplyItem> {
    if (typeof chatIdArg !== 'string' || chatIdArg.trim() === '' || findUnsafeText(chatIdArg) !== null)
      throw new HubError(CHAT_ERRORS.chatNotFound);
    const text = typeof textArg === 'string' ? textArg.trim() : '';
    // The same text check as every HTTP body (a NUL failed the insert after the charge; a lone surrogate was
    // stored as U+FFFD, not what the user sent): refused before anything is paid.
    if (text === '' || text.length > MAX_MESSAGE_LENGTH || findUnsafeText(text) !== null)
      throw new HubError(CHAT_ERRORS.invalidMessage);
    const clientMessageId = clientIdOf(clientMessageIdArg);
    // The chat and an earlier send with this client id are read together: one wait on the store, not two, before
    // the first item (ADR 0255). The lookup's answer is used only if the chat exists.
    const lookup =
      clientMessageId === null ? undefined : deps.store.findSend(ctx.userId, chatIdArg, clientMessageId);
    lookup?.catch(() => undefined);
    const chat = await deps.store.findChat(ctx.userId, chatIdArg);
    if (chat === null) throw new HubError(CHAT_ERRORS.chatNotFound);
    yield* paidTurn(ctx, chat, clientMessageId, { lookup }, async (run, price) => {
      const history = chat.history.slice(-HISTORY_TURNS);
      const accepted = await deps.store.acceptUserMessage({
        userId: ctx.userId,
        chatId: chat.chatId,
        text,
        price,
        replyId: run.replyId,
        clientMessageId,
      });
      return {
        userMessage: accepted.message,
        remainingTokens: accepted.remainingTokens,
        history,
        text,
        store: (reply) => deps.store.storeReply({ chatId: chat.chatId, text: reply, replyId: run.replyId }),
        learn: () =>
          void deps.memory?.afterReply({ chatId: chat.chatId, userText: text, character: chat.character }),
      };
    });
  }

  /** What a paid turn's payment step hands on: the accepted item's fields and what to generate from. */
  interface PaidTurn {
    userMessage: Message;
    remainingTokens: number;
    /** The alternative's message id, when the turn regenerates a reply. */
    regenerates?: string;
    history: HubChat['history'];
    text: string;
    /** Stores the finished reply. */
    store: (reply: string) => Promise<Message>;
    /** Learns from the completed turn, off the send path (ADR 0360). */
    learn?: () => void;
  }

  /**
   * The paid-turn skeleton a message and a regenerate share (ADR 0220): a known client id replays its send, a
   * locked chat is refused, a racing run is followed, then one run starts, `pay` spends and accepts, the accepted
   * item goes out (and to the relay), generation starts detached from this connection, and the run is followed.
   * A failure before acceptance discards the run: a send that raced in on another connection is replayed, and
   * anything else ends with its error code.
   */
  async function* paidTurn(
    ctx: HubCallContext,
    chat: HubChat,
    clientMessageId: string | null,
    options: { lookup?: Promise<StoredSend | null> | undefined; check?: () => void },
    pay: (run: ReplyRun, price: number) => Promise<PaidTurn>,
  ): AsyncGenerator<ChatReplyItem> {
    if (clientMessageId !== null && (yield* replaySend(ctx, chat.chatId, clientMessageId, options.lookup)))
      return;
    if (chat.isLocked) throw new HubError(CHAT_ERRORS.chatLocked);
    const racing = racingRun(ctx, chat.chatId, clientMessageId);
    if (racing) {
      yield* follow(ctx, racing, -1, racing.status === 'running');
      return;
    }
    if (replies.runningFor(ctx.userId, chat.chatId)) throw new HubError(CHAT_ERRORS.replyInProgress);
    options.check?.();

    const run = replies.start(ctx.userId, chat.chatId, clientMessageId);
    try {
      const price = await deps.store.messagePrice(ctx.userId);
      const paid = await pay(run, price);
      run.push({
        kind: 'accepted',
        chatId: chat.chatId,
        userMessage: paid.userMessage,
        remainingTokens: paid.remainingTokens,
        ...(paid.regenerates === undefined ? {} : { regenerates: paid.regenerates }),
      });
      deps.relay?.publish(run);
      // Generation belongs to the reply, not to this connection: it keeps going if the connection drops.
      void generate(run, chat, paid.history, paid.text, price, paid.store, paid.learn);
    } catch (error) {
      replies.discard(run);
      if (error instanceof DuplicateSendError && clientMessageId !== null) {
        // The same send raced in on another connection and was stored first: show that one.
        if (yield* replaySend(ctx, chat.chatId, clientMessageId)) return;
      }
      throw new HubError(failureCode(error));
    }
    yield* follow(ctx, run, -1, true);
  }

  function failureCode(error: unknown): ChatHubErrorCode {
    if (error instanceof NotEnoughTokensError) return CHAT_ERRORS.insufficientTokens;
    onError(error);
    return CHAT_ERRORS.generationFailed;
  }

  /** A new alternative of the chat's last reply, priced like a message (ADR 0220). */
  async function* regenerateReply(
    ctx: HubCallContext,
    chatIdArg: unknown,
    clientMessageIdArg?: unknown,
  ): AsyncGenerator<ChatReplyItem> {
    if (typeof chatIdArg !== 'string' || chatIdArg.trim() === '')
      throw new HubError(CHAT_ERRORS.chatNotFound);
    const clientMessageId = clientIdOf(clientMessageIdArg);
    const chat = await deps.store.findChat(ctx.userId, chatIdArg);
    if (chat === null) throw new HubError(CHAT_ERRORS.chatNotFound);
    const target = chat.lastReply ?? null;
    const check = () => {
      if (target === null) throw new HubError(CHAT_ERRORS.nothingToRegenerate);
    };
    yield* paidTurn(ctx, chat, clientMessageId, { check }, async (run, price) => {
      const reply = target!;
      const accepted = await deps.store.acceptRegenerate({
        userId: ctx.userId,
        chatId: chat.chatId,
        messageId: reply.messageId,
        price,
        replyId: run.replyId,
        clientMessageId,
      });
      return {
        userMessage: reply.userMessage,
        remainingTokens: accepted.remainingTokens,
        regenerates: reply.messageId,
        history: reply.turnsBefore.slice(-HISTORY_TURNS),
        text: reply.userMessage.message ?? '',
        store: (text) =>
          deps.store.storeAlternative({ messageId: reply.messageId, text, replyId: run.replyId }),
      };
    });
  }

  async function generate(
    run: ReplyRun,
    chat: HubChat,
    history: HubChat['history'],
    text: string,
    price: number,
    store: (reply: string) => Promise<Message>,
    learn?: () => void,
  ) {
    let reply = '';
    try {
      for await (const piece of deps.engine.reply(
        {
          character: chat.character,
          history,
          userMessage: text,
          ...(chat.memory ? { memory: chat.memory } : {}),
        },
        run.controller.signal,
      )) {
        if (run.controller.signal.aborted) break;
        reply += piece;
        run.push({ kind: 'text', text: piece });
      }
      if (run.controller.signal.aborted) {
        // Cancelled: keep what was said (and its price); with nothing said, give the tokens back.
        if (reply.trim() !== '') await store(reply.trim());
        else await deps.store.refund({ userId: run.userId, price, replyId: run.replyId });
        run.finish('cancelled');
        return;
      }
      if (reply.trim() === '') throw new Error('the engine returned an empty reply');
      const message = await store(reply.trim());
      run.push({ kind: 'completed', message });
      run.finish('completed');
      learn?.();
    } catch (error) {
      onError(error);
      try {
        await deps.store.refund({ userId: run.userId, price, replyId: run.replyId });
      } catch (refundError) {
        onError(refundError);
      }
      // A full local-model queue is worth saying as such: the user can simply try again in a moment.
      const busy = error instanceof CompanionEngineError && error.code === 'engine_busy';
      run.finish('failed', busy ? CHAT_ERRORS.engineBusy : CHAT_ERRORS.generationFailed);
    } finally {
      replies.retire(run);
    }
  }

  /** Streams a run to this caller; when `owner`, a client cancel (not a dropped connection) stops generation. */
  async function* follow(
    ctx: HubCallContext,
    run: ReplyRun,
    afterIndex: number,
    owner: boolean,
  ): AsyncGenerator<ChatReplyItem> {
    try {
      yield* run.watch(afterIndex, ctx.signal);
    } finally {
      if (owner && ctx.signal.aborted && !ctx.connectionSignal.aborted) run.controller.abort();
    }
  }

  async function* resumeReply(
    ctx: HubCallContext,
    replyIdArg: unknown,
    afterIndexArg: unknown,
  ): AsyncGenerator<ChatReplyItem> {
    const run = typeof replyIdArg === 'string' ? replies.get(ctx.userId, replyIdArg) : null;
    const afterIndex =
      typeof afterIndexArg === 'number' && Number.isInteger(afterIndexArg) ? afterIndexArg : -1;
    if (run === null) {
      // Started on another instance (the client reconnected here): follow it through the relay.
      const remote = typeof replyIdArg === 'string' ? await findRemote(ctx.userId, replyIdArg) : null;
      if (remote) {
        yield* followRemote(ctx, remote, afterIndex);
        return;
      }
      // A reply cut off by a restart was refunded at start: say it failed, so the client shows that and retries.
      const interrupted = await interruptedReplies(ctx.userId);
      if (interrupted.some((reply) => reply.replyId === replyIdArg))
        throw new HubError(CHAT_ERRORS.generationFailed);
      throw new HubError(CHAT_ERRORS.replyNotFound);
    }
    // Watching is passive: disposing a resumed stream does not stop the reply.
    yield* follow(ctx, run, afterIndex, false);
  }

  const hub: HubDefinition = {
    streams: { SendMessage: sendMessage, ResumeReply: resumeReply, RegenerateReply: regenerateReply },
    methods: {
      /** Replies of the caller still resumable, optionally for one chat, and those a restart cut off (failed, refunded). */
      GetReplies: async (ctx, chatId) => {
        const chat = typeof chatId === 'string' ? chatId : undefined;
        const live = [...replies.list(ctx.userId, chat), ...(await remoteReplies(ctx.userId, chat))];
        const interrupted = (await interruptedReplies(ctx.userId, chat))
          .filter((reply) => !live.some((run) => run.replyId === reply.replyId))
          .map((reply) => ({ ...reply, status: 'failed' as const, lastIndex: -1 }));
        return [...interrupted, ...live];
      },
      /** Stops a reply from any tab or device of its user. */
      CancelReply: async (ctx, replyId) => {
        const run = typeof replyId === 'string' ? replies.get(ctx.userId, replyId) : null;
        if (run !== null) {
          run.controller.abort();
          return true;
        }
        const remote = typeof replyId === 'string' ? await findRemote(ctx.userId, replyId) : null;
        if (remote === null) throw new HubError(CHAT_ERRORS.replyNotFound);
        if (remote.status === 'running') await deps.relay?.cancel(remote);
        return true;
      },
    },
  };
  return { hub, replies, sweepOrphans };
}
