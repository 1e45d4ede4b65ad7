import { useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';
import { PATHS, type Chat } from '@companion/contracts';
import {
  deferredComponent,
  handleSpendError,
  useBus,
  useInvalidate,
  useMountProps,
  useRemoteLocation,
  useRemoteNavigate,
  useResource,
  useTransport,
} from '@companion/remote-kit';
import { MEDIA_MAX, Spinner, useMediaQuery } from '@companion/ui';
import { listChats, PAGE_SIZE, prefetchChat, setPinStatus, startChat } from '../shared/api/chats-api.ts';
import { askRepliesAhead } from '../features/conversation/lib/replies-ahead.ts';
import type { Conversation as ConversationComponent } from '../features/conversation/components/conversation.tsx';
import { ChatList } from '../features/chats/components/chat-list.tsx';

// The conversation (history, replies, regenerate, photos) loads with the first chat opened: the list alone is what
// `/chat` needs, and a pointer or focus on the page, or a `?modelId=` start, fetches it ahead of the click (ADR 0220).
// Loaded, it renders in the click's own frame: no Suspense and its reveal delay (ADR 0255).
const conversationModule = () => import('../features/conversation/components/conversation.tsx');
const conversationPane = deferredComponent(() => conversationModule().then((module) => module.Conversation));
const preload = () => void conversationPane.preload().catch(() => undefined);

function ConversationPane(props: ComponentProps<typeof ConversationComponent>) {
  const Pane = conversationPane.useLoaded();
  const { hubs } = useMountProps();
  const waiting = Pane === null;
  // While the conversation's chunk loads, its first hub question goes ahead and opens chatHub (ADR 0270).
  useEffect(() => {
    if (waiting) askRepliesAhead(hubs, props.chatId);
  }, [waiting, hubs, props.chatId]);
  return Pane ? <Pane {...props} /> : <PaneLoading />;
}
import * as styles from './chat-page.css.ts';
import { useVisualViewport } from './use-visual-viewport.ts';

const CHATS_KEY = 'chats';

/** `var(--x)` → `--x`, to set a vanilla-extract variable inline. */
const cssProperty = (variable: string) => variable.replace(/^var\((.*)\)$/, '$1');

/** The chat id of `/chat/:chatId`, or null on `/chat`. */
export function chatIdOf(pathname: string): string | null {
  const match = /^\/chat\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * Chat: the list and the open conversation side by side on desktop, one screen at a time on phones.
 * `/chat?modelId=…` starts (or opens) the chat with that character and shows it without changing the URL.
 */
export function ChatPage() {
  const location = useRemoteLocation();
  const navigate = useRemoteNavigate();
  const transport = useTransport();
  const bus = useBus();
  const invalidate = useInvalidate();
  const phone = useMediaQuery(MEDIA_MAX.phone);
  const chats = useResource<Chat[]>(CHATS_KEY, listChats);
  const modelId = new URLSearchParams(location.search).get('modelId');
  const starting = useRef<string | null>(null);
  const viewport = useVisualViewport();

  // `/chat?modelId=…` (000 §2.1) starts or opens that character's chat and shows it at this URL.
  const [started, setStarted] = useState<{ modelId: string; chatId: string } | null>(null);
  useEffect(() => {
    if (!modelId || chatIdOf(location.pathname) || starting.current === modelId) return;
    starting.current = modelId;
    preload();
    startChat(transport, modelId).then(
      (chat) => {
        invalidate(CHATS_KEY);
        setStarted({ modelId, chatId: chat.id });
      },
      (error) => {
        starting.current = null;
        handleSpendError(error, bus, 'chat', { request: 'character' });
      },
    );
  }, [modelId, location.pathname, transport, invalidate, bus]);
  const chatId =
    chatIdOf(location.pathname) ?? (started && started.modelId === modelId ? started.chatId : null);

  const refreshList = useCallback(() => invalidate(CHATS_KEY), [invalidate]);
  // Not the open chat: what it shows is newer than any page fetched now would stay.
  // A long one (a full first page) also brings the virtualised list, so it opens straight into it.
  const ahead = useCallback(
    (chat: Chat) => {
      if (chat.id === chatId) return;
      prefetchChat(transport, chat.id).then(
        (found) =>
          found.messages.length >= PAGE_SIZE &&
          conversationModule().then(
            (module) => module.preloadLongList(),
            () => undefined,
          ),
        () => undefined,
      );
    },
    [transport, chatId],
  );
  const open = useCallback(
    (chat: Chat) => {
      ahead(chat);
      navigate(PATHS.chatThread.href({ chatId: chat.id }));
    },
    [ahead, navigate],
  );
  const pin = useCallback(
    (chat: Chat, isPinned: boolean) => {
      void setPinStatus(transport, chat.id, isPinned).then(refreshList, refreshList);
    },
    [transport, refreshList],
  );

  const showList = !phone || chatId === null;
  const showConversation = chatId !== null;
  return (
    <div
      className={styles.page}
      data-testid="remote-page"
      data-page="/chat"
      data-keyboard={viewport?.keyboard ? 'open' : 'closed'}
      style={{ [cssProperty(styles.viewportHeight)]: viewport ? `${viewport.height}px` : '100dvh' }}
      onPointerOver={preload}
      onTouchStart={preload}
      onFocus={preload}
    >
      {showList && (
        <ChatList
          chats={chats.data}
          activeId={chatId}
          onOpen={open}
          onIntent={ahead}
          onPin={pin}
          onExplore={() => navigate(PATHS.home.href())}
        />
      )}
      {showConversation ? (
        <ConversationPane
          key={chatId}
          chatId={chatId}
          onBack={phone ? () => navigate(PATHS.chat.href()) : null}
          onChanged={refreshList}
          preview={chats.data?.find((chat) => chat.id === chatId) ?? null}
        />
      ) : (
        !phone && <EmptyConversation />
      )}
    </div>
  );
}

function PaneLoading() {
  return (
    <section aria-label="Conversation" aria-busy="true" style={{ display: 'grid', placeItems: 'center' }}>
      <Spinner />
    </section>
  );
}

function EmptyConversation() {
  return (
    <section
      aria-label="No conversation open"
      style={{ display: 'grid', placeItems: 'center', color: 'var(--cmp-color-text-muted)', padding: 32 }}
    >
      <p>Pick a conversation to continue, or find someone new in Explore.</p>
    </section>
  );
}
