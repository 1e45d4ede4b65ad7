import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HubClient } from '@companion/contracts';
import { testChat } from '@companion/remote-kit/testing';
import type { ChatMemory } from '../../../shared/api/chats-api.ts';
import { openChat, settle } from '../../../testing/open-chat.ts';

// ADR 0360: the chat header's Memory view lists what the character remembers and deletes what the user picks.

const chat = testChat('c1', { personModelFirstName: 'Sofia' });
const hubs: HubClient = {
  state: () => 'Connected',
  invoke: <T,>() => Promise.resolve([] as T),
  stream: () => ({ subscribe: () => ({ dispose() {} }) }),
};

const remembered: ChatMemory = {
  facts: [
    { id: 'f1', kind: 'pet', text: 'Your dog is called Biscuit.', at: '2026-01-01T00:00:00Z' },
    { id: 'f2', kind: 'name', text: 'Your name is Tom.', at: '2026-01-01T00:00:00Z' },
  ],
  summary: 'You said you love rainy days.',
};

async function openMemory(forget: (body: unknown) => unknown) {
  const view = await openChat(hubs, {
    api: {
      'GET Chats': [chat],
      'GET Chats/c1': chat,
      'POST Chats/mark-seen': chat,
      'GET Chats/c1/memory': remembered,
      'POST Chats/forget': (init: { body?: unknown }) => forget(init.body),
    },
  });
  await settle();
  fireEvent.click(await view.findByRole('button', { name: 'What Sofia remembers' }, { timeout: 15_000 }));
  return screen.findByRole('dialog', { name: 'What Sofia remembers' }, { timeout: 15_000 });
}

describe('memory view', () => {
  beforeAll(async () => {
    await import('./conversation.tsx');
    await import('./memory-panel.tsx');
  }, 60_000);

  it('should list the facts and the summary and forget the one the user deletes', async () => {
    const sent: unknown[] = [];
    const dialog = await openMemory((body) => {
      sent.push(body);
      return { ...remembered, facts: remembered.facts.slice(1) };
    });
    expect(await screen.findByText('Your dog is called Biscuit.')).toBeTruthy();
    expect(dialog.textContent).toContain('Your name is Tom.');
    expect(dialog.textContent).toContain('You said you love rainy days.');
    fireEvent.click(screen.getByRole('button', { name: 'Forget: Your dog is called Biscuit.' }));
    await settle();
    expect(sent).toEqual([{ chatId: 'c1', factId: 'f1' }]);
    expect(screen.queryByText('Your dog is called Biscuit.')).toBeNull();
  });

  it('should say so in words when deleting fails', async () => {
    await openMemory(() => {
      throw Object.assign(new Error('boom'), { kind: 'http', status: 500 });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Forget the summary of earlier messages' }));
    await settle();
    expect((await screen.findByRole('alert')).textContent).toBe('That could not be deleted. Try again.');
  });
});
