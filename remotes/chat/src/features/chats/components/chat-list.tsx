import { useState } from 'react';
import type { Chat } from '@companion/contracts';
import { Button, Icon, IconButton } from '@companion/ui';
import { chatName } from '../../../shared/lib/chat-name.ts';
import { chatSections, isUnread, previewOf } from '../lib/chat-order.ts';
import { Avatar } from '../../../shared/components/avatar.tsx';
import * as styles from './chat-list.css.ts';

interface ChatListProps {
  chats: Chat[] | undefined;
  activeId: string | null;
  onOpen(chat: Chat): void;
  /** The pointer or focus is on its way to a chat (its newest page is fetched ahead). */
  onIntent?(chat: Chat): void;
  onPin(chat: Chat, isPinned: boolean): void;
  onExplore(): void;
}

/** The chat list (000 §3): pinned and unpinned sections, newest first, name search, unread dots, skeletons. */
export function ChatList({ chats, activeId, onOpen, onIntent, onPin, onExplore }: ChatListProps) {
  const [search, setSearch] = useState('');
  const sections = chatSections(chats ?? [], search);
  return (
    <nav className={styles.list} aria-label="Chats" data-testid="chat-list">
      <div className={styles.head}>
        <h1 className={styles.title}>Chat</h1>
        <input
          className={styles.search}
          type="search"
          placeholder="Search by name"
          aria-label="Search chats by name"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div className={styles.scroller}>
        {chats === undefined ? (
          <ChatListSkeleton />
        ) : chats.length === 0 ? (
          <div className={styles.empty}>
            <Icon name="chat" size={40} />
            <p>No conversations yet. Pick someone to talk to.</p>
            <Button onClick={onExplore}>Explore characters</Button>
          </div>
        ) : sections.pinned.length + sections.others.length === 0 ? (
          <p className={styles.empty}>No chats match “{search.trim()}”.</p>
        ) : (
          <>
            {sections.pinned.length > 0 && (
              <Section
                title="Pinned"
                chats={sections.pinned}
                activeId={activeId}
                onOpen={onOpen}
                onIntent={onIntent}
                onPin={onPin}
              />
            )}
            {sections.others.length > 0 && (
              <Section
                title={sections.pinned.length > 0 ? 'All chats' : null}
                chats={sections.others}
                activeId={activeId}
                onOpen={onOpen}
                onIntent={onIntent}
                onPin={onPin}
              />
            )}
          </>
        )}
      </div>
    </nav>
  );
}

function Section({
  title,
  chats,
  activeId,
  onOpen,
  onIntent,
  onPin,
}: {
  title: string | null;
  chats: Chat[];
  activeId: string | null;
  onOpen(chat: Chat): void;
  onIntent?(chat: Chat): void;
  onPin(chat: Chat, isPinned: boolean): void;
}) {
  return (
    <section aria-label={title ?? 'Chats'}>
      {title && <h2 className={styles.section}>{title}</h2>}
      <ul className={styles.items}>
        {chats.map((chat) => {
          const name = chatName(chat);
          const unread = isUnread(chat) && chat.id !== activeId;
          return (
            <li key={chat.id} className={styles.row} data-testid="chat-list-item">
              <button
                type="button"
                className={styles.item}
                aria-current={chat.id === activeId ? 'page' : undefined}
                onClick={() => onOpen(chat)}
                onPointerEnter={() => onIntent?.(chat)}
                onFocus={() => onIntent?.(chat)}
              >
                <Avatar personModelId={chat.personModelEntityId} name={name} />
                <span className={styles.text}>
                  <span className={styles.nameLine}>
                    <span className={styles.name}>{name}</span>
                    {unread && <span className={styles.dot} aria-label="Unread" role="img" />}
                  </span>
                  <span className={unread ? `${styles.preview} ${styles.unreadPreview}` : styles.preview}>
                    {chat.isBlurred ? 'Locked' : previewOf(chat.messages.at(-1))}
                  </span>
                </span>
              </button>
              <span className={styles.pin}>
                <IconButton
                  size="sm"
                  aria-label={chat.isPinned ? `Unpin ${name}` : `Pin ${name}`}
                  aria-pressed={chat.isPinned}
                  onClick={() => onPin(chat, !chat.isPinned)}
                >
                  <Icon name="pin" size={16} />
                </IconButton>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ChatListSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading chats" data-testid="chat-list-skeleton">
      {[0, 1, 2, 3, 4].map((n) => (
        <div key={n} className={styles.skeletonRow}>
          <span className={styles.skeletonCircle} />
          <span style={{ flex: 1, display: 'grid', gap: 8 }}>
            <span className={styles.skeletonLine} style={{ width: '45%' }} />
            <span className={styles.skeletonLine} style={{ width: '75%' }} />
          </span>
        </div>
      ))}
    </div>
  );
}
