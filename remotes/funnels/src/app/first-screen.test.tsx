import { describe, expect, it } from 'vitest';
import { firstLoadKey, type PersonModel } from '@companion/contracts';
import { renderFirstScreen } from '../server.tsx';
import { prepareFirstScreen } from './app.tsx';

// ADR 0458: the chat landing's first screen from the server, with the characters the origin inlined.
const MAIN = { id: 'main', name: '', fontFamily: '', supportEmail: '' } as const;
const model = (id: string, firstName: string, status: string): PersonModel =>
  ({ id, firstName, status, bodyImages: [`/img/${id}.webp`] }) as unknown as PersonModel;
const MODELS = [model('m-1', 'Ava', 'Online'), model('m-2', 'Mia', 'Offline')];
const KEY = firstLoadKey('PersonModel/quiz-net-funnel-person-models');
const input = (path: string, answers?: Record<string, unknown>) => ({
  path,
  search: '',
  brand: 'main' as const,
  theme: 'dark' as const,
  ...(answers && { answers }),
});

describe("the funnels' first screens", () => {
  it('should render the quizzes, the chat landing and fakeChat’s home, and leave the affiliates and the report', async () => {
    expect(await prepareFirstScreen('/quiz-fb', MAIN)).toBe(true);
    expect(await prepareFirstScreen('/chat-landing/42', MAIN)).toBe(true);
    expect(await prepareFirstScreen('/', { ...MAIN, id: 'fakeChat' })).toBe(true);
    expect(await prepareFirstScreen('/affiliates', MAIN)).toBe(false);
    expect(await prepareFirstScreen('/funnel-report', MAIN)).toBe(false);
  });

  it("should show the chat id's character from the inlined list, her first message and the replies", async () => {
    const html = (await renderFirstScreen(input('/chat-landing/42', { [KEY]: MODELS })))?.html ?? '';
    // The same pick as the browser's (`pickFor`): a chat id names one character every time.
    const shown = ['m-1', 'm-2'].find((id) => html.includes(`/img/${id}.webp`));
    const other = MODELS.find((m) => m.id !== shown)!;
    expect(shown).toBeDefined();
    expect(html).not.toContain(`/img/${other.id}.webp`);
    expect(html).toContain('data-pre-landing="chat_funnel_42"');
    expect(html).toContain('Hey you 👋');
    expect(html).not.toContain('I was hoping you would come by');
    for (const reply of ['Show me 😍', 'Hi! Who are you?', 'I promise']) expect(html).toContain(reply);
  });

  it('should show the unnamed chat when the page holds no list or a malformed one', async () => {
    for (const answers of [undefined, { [KEY]: [{ id: 7 }] }]) {
      const html = (await renderFirstScreen(input('/chat-landing/42', answers)))?.html ?? '';
      expect(html).toContain('New message');
      expect(html).not.toContain('<img');
    }
  });
});
