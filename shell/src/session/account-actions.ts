import type { Transport, User } from '@companion/contracts';

/** What the account calls need of the session: its transport, applying an answered user, a user fetch, tracking. */
export interface AccountActionDeps {
  transport: Transport;
  applyUser(user: User): void;
  fetchUser(): Promise<void>;
  track(name: string, properties: Record<string, string | number | boolean | null>): void;
}

/**
 * The content choice (000 §4, §6, §7): `nsfw` after the age gate (`User/verify-user-age` with `birth`) through
 * `User/nsfw-confirmation`, `sfw` through `User/sfw-confirmation`; the answered user is applied at once.
 */
export async function confirmContent(
  deps: AccountActionDeps,
  choice: 'nsfw' | 'sfw',
  birth?: { month: number; year: number },
): Promise<void> {
  if (choice === 'nsfw' && birth) {
    await deps.transport.request('User/verify-user-age', {
      method: 'POST',
      body: { BirthMonth: birth.month, BirthYear: birth.year },
    });
  }
  const path = choice === 'nsfw' ? 'User/nsfw-confirmation' : 'User/sfw-confirmation';
  deps.applyUser(await deps.transport.request<User>(path, { method: 'POST', body: { isConfirmed: true } }));
}

/** `POST User/update/name` (000 §7); the answered user is applied. */
export async function renameUser(deps: AccountActionDeps, userName: string): Promise<void> {
  deps.applyUser(
    await deps.transport.request<User>('User/update/name', { method: 'POST', body: { userName } }),
  );
}

/** `DELETE User` (000 §7); the next request answers 410 and the soft-deleted flow makes a new guest on / (000 §4). */
export async function deleteAccount(deps: AccountActionDeps): Promise<void> {
  await deps.transport.request('User', { method: 'DELETE' });
  deps.track('account_deleted', {});
  await deps.fetchUser();
}
