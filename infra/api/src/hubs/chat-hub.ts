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
import { ReplyOwnerGoneError, toActiveReply } from './reply-relay.ts';
import type { RemoteReply, ReplyRelay } from './reply-relay.ts';
import { DuplicateSendError, NotEnoughTokensError } from './ports.ts';
import type { ChatReplyStore, HubChat, StoredSend } from './ports.ts';

/** Error codes a chat stream or invocation can end with; the client keys its UI on them (e.g. the insufficient-tokens offer). */
export const CHAT_ERRORS = {
  invalidMessage: 'invalid_message',
  chatNotFound: 'chat_not_found',
  chatLocked: 'chat_locked',
  insufficientTokens: 'insufficient_tokens',
  replyInProgress: 'reply_in_progress',
  replyNotFound: 'reply_not_found',
  generationFailed: 'generation_failed',
  nothingToRegenerate: 'nothing_to_regenerate',
  engineBusy: 'engine_busy',
} as const satisfies Record<string, ChatHubErrorCode>;

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

  /** A reply of this user another instance generates (or generated), when a relay is configured. */
  async function findRemote(userId: string, replyId: string): Promise<RemoteReply | null> {
    return deps.relay ? deps.relay.find(userId, replyId) : null;
  }

  /** Follows a reply another instance generates; if that instance died, the reply is refunded (once) and fails. */
  async function* followRemote(
    ctx: HubCallContext,
    remote: RemoteReply,
    afterIndex: number,
  ): AsyncGenerator<ChatReplyItem> {
    const relay = deps.relay as ReplyRelay;
    try {
      yield* relay.follow(remote, afterIndex, ctx.signal);
    } catch (error) {
      if (!(error instanceof ReplyOwnerGoneError)) throw error;
      await recoverRemote(remote);
      throw new HubError(CHAT_ERRORS.generationFailed);
    }
  }

  /**
   * The instance generating `remote` died: the paid reply is refunded and marked failed. The store's conditional
   * update and refund key make it once, however many instances and followers notice at the same time.
   */
  async function recoverRemote(remote: RemoteReply): Promise<void> {
    await deps.store.recoverReply?.(remote.replyId);
    await deps.relay?.markFailed(remote, CHAT_ERRORS.generationFailed);
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
    if (clientMessageId !== null && (yield* replaySend(ctx, chat.chatId, clientMessageId, lookup))) return;
    if (chat.isLocked) throw new HubError(CHAT_ERRORS.chatLocked);
    const racing = racingRun(ctx, chat.chatId, clientMessageId);
    if (racing) {
      yield* follow(ctx, racing, -1, racing.status === 'running');
      return;
    }
    if (replies.runningFor(ctx.userId, chat.chatId)) throw new HubError(CHAT_ERRORS.replyInProgress);

    const run = replies.start(ctx.userId, chat.chatId, clientMessageId);
    try {
      const price = await deps.store.messagePrice(ctx.userId);
      const history = chat.history.slice(-HISTORY_TURNS);
      const accepted = await deps.store.acceptUserMessage({
        userId: ctx.userId,
        chatId: chat.chatId,
        text,
        price,
        replyId: run.replyId,
        clientMessageId,
      });
      run.push({
        kind: 'accepted',
        chatId: chat.chatId,
        userMessage: accepted.message,
        remainingTokens: accepted.remainingTokens,
      });
      deps.relay?.publish(run);
      // Generation belongs to the reply, not to this connection: it keeps going if the connection drops.
      void generate(
        run,
        chat,
        history,
        text,
        price,
        (reply) => deps.store.storeReply({ chatId: chat.chatId, text: reply, replyId: run.replyId }),
        () =>
          void deps.memory?.afterReply({ chatId: chat.chatId, userText: text, character: chat.character }),
      );
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
    if (clientMessageId !== null && (yield* replaySend(ctx, chat.chatId, clientMessageId))) return;
    if (chat.isLocked) throw new HubError(CHAT_ERRORS.chatLocked);
    const racing = racingRun(ctx, chat.chatId, clientMessageId);
    if (racing) {
      yield* follow(ctx, racing, -1, racing.status === 'running');
      return;
    }
    if (replies.runningFor(ctx.userId, chat.chatId)) throw new HubError(CHAT_ERRORS.replyInProgress);
    const target = chat.lastReply ?? null;
    if (target === null) throw new HubError(CHAT_ERRORS.nothingToRegenerate);

    const run = replies.start(ctx.userId, chat.chatId, clientMessageId);
    try {
      const price = await deps.store.messagePrice(ctx.userId);
      const accepted = await deps.store.acceptRegenerate({
        userId: ctx.userId,
        chatId: chat.chatId,
        messageId: target.messageId,
        price,
        replyId: run.replyId,
        clientMessageId,
      });
      run.push({
        kind: 'accepted',
        chatId: chat.chatId,
        userMessage: target.userMessage,
        remainingTokens: accepted.remainingTokens,
        regenerates: target.messageId,
      });
      deps.relay?.publish(run);
      void generate(
        run,
        chat,
        target.turnsBefore.slice(-HISTORY_TURNS),
        target.userMessage.message ?? '',
        price,
        (reply) =>
          deps.store.storeAlternative({ messageId: target.messageId, text: reply, replyId: run.replyId }),
      );
    } catch (error) {
      replies.discard(run);
      if (error instanceof DuplicateSendError && clientMessageId !== null) {
        if (yield* replaySend(ctx, chat.chatId, clientMessageId)) return;
      }
      throw new HubError(failureCode(error));
    }
    yield* follow(ctx, run, -1, true);
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

  /**
   * This user's replies other instances hold. A running one whose instance died is refunded here and listed as
   * failed, so a client that reconnects after a crash sees it end once.
   */
  async function remoteReplies(userId: string, chatId?: string) {
    if (!deps.relay) return [];
    const relay = deps.relay;
    const remote = (await relay.list(userId, chatId)).filter(
      (reply) => replies.get(userId, reply.replyId) === null,
    );
    return Promise.all(
      remote.map(async (reply) => {
        if (reply.status !== 'running' || (await relay.ownerAlive(reply))) return toActiveReply(reply);
        await recoverRemote(reply);
        return { ...toActiveReply(reply), status: 'failed' as const };
      }),
    );
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
  async function sweepOrphans(replyIds: readonly string[]): Promise<number> {
    const relay = deps.relay;
    if (!relay) return 0;
    let recovered = 0;
    for (const replyId of replyIds) {
      const remote = await relay.get(replyId);
      if (remote === null || remote.status !== 'running' || (await relay.ownerAlive(remote))) continue;
      await recoverRemote(remote);
      recovered += 1;
    }
    return recovered;
  }

  return { hub, replies, sweepOrphans };
}
