// chatHub across instances (ADR 0265): replies another instance generates are followed through the relay, and a
// reply whose instance died is refunded (once) and ends failed.
import type { HubCallContext } from '@companion/hubs';
import { HubError } from '@companion/hubs';
import { CHAT_ERRORS } from './chat-errors.ts';
import type { ChatReplyItem, ReplyRegistry } from './chat-replies.ts';
import type { ChatReplyStore } from './ports.ts';
import { ReplyOwnerGoneError, toActiveReply } from './reply-relay.ts';
import type { RemoteReply, ReplyRelay } from './reply-relay.ts';

/** The relay side of one chat hub; without a relay every reply is this instance's and these find nothing. */
export function createRemoteReplies(
  deps: { relay?: ReplyRelay | undefined; store: ChatReplyStore },
  replies: ReplyRegistry,
) {
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

  /**
   * Refunds (once) the replies among `replyIds` whose owner instance died, found through the relay; the count.
   * Replies nobody resumes are settled this way, not only when a client asks (ADR 0265).
   */
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

  return { findRemote, followRemote, recoverRemote, remoteReplies, sweepOrphans };
}
