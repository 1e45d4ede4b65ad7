import { cleanup, fireEvent, render, waitFor, type RenderResult } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testMessage } from '@companion/remote-kit/testing';
import { LONG_CONVERSATION, MessageList } from './message-list.tsx';

const history = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    testMessage(`m${index + 1}`, {
      chatId: 'c1',
      sender: index % 2 ? 'character' : 'user',
      message: `Message ${index + 1} of ${count}`,
    }),
  );

/** The virtualised list sizes one relative box to the whole history (jsdom has no layout, so it paints no rows). */
const virtualised = (view: RenderResult) =>
  view.getByTestId('message-list').querySelector('[style*="position: relative"]') !== null;

const props = {
  pending: [],
  streamingText: null,
  blurred: false,
  hasOlder: false,
  loadingOlder: false,
  onLoadOlder() {},
  onReact() {},
  emptyText: 'Say hi!',
};

// ADR 0221: a short conversation is a plain list; the virtualiser is a lazy chunk for long ones.
describe('MessageList', () => {
  beforeAll(async () => {
    await import('./virtual-message-list.tsx');
  }, 60_000);
  afterEach(cleanup);

  it("should replace a chat photo that fails to load with the placeholder 'Image currently unavailable' (000 §5)", () => {
    const photo = testMessage('p1', {
      chatId: 'c1',
      sender: 'character',
      message: null,
      imageUrl: '/api/images/gone.png',
    });
    const view = render(<MessageList {...props} messages={[photo]} />);
    fireEvent.error(view.getByAltText('Photo'));
    expect(view.getByAltText('Image currently unavailable')).toBeTruthy();
  });

  it('should render a short conversation as plain rows, every message in the DOM', () => {
    const view = render(<MessageList {...props} messages={history(40)} streamingText="Typ" />);
    expect(view.getAllByTestId('message')).toHaveLength(40);
    expect(view.getByText('Message 40 of 40')).toBeTruthy();
    expect(virtualised(view)).toBe(false);
  });

  it('should virtualise a conversation with older pages or more rows than the limit', async () => {
    for (const [messages, hasOlder] of [
      [history(50), true],
      [history(LONG_CONVERSATION + 1), false],
    ] as const) {
      const view = render(<MessageList {...props} messages={messages} hasOlder={hasOlder} />);
      await waitFor(() => expect(virtualised(view)).toBe(true), { timeout: 10_000 });
      expect(view.getByTestId('message-list').getAttribute('data-count')).toBe(String(messages.length));
      view.unmount();
    }
  });

  it('should stay virtualised once long, even when the history no longer has older pages', async () => {
    const view = render(<MessageList {...props} messages={history(50)} hasOlder />);
    await waitFor(() => expect(virtualised(view)).toBe(true), { timeout: 10_000 });
    view.rerender(<MessageList {...props} messages={history(50)} hasOlder={false} />);
    expect(virtualised(view)).toBe(true);
  });

  it('should invite the reader to write first when there is nothing yet', () => {
    const view = render(<MessageList {...props} messages={[]} />);
    expect(view.getByTestId('empty-conversation').textContent).toBe('Say hi!');
  });
});
