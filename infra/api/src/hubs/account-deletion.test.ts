// Deleting the account ends that user's hub connections; the next negotiate answers 410.

import { expect, it } from 'vitest';
import { describeEachBackend } from '../../test/backend-suites.ts';
import { bearer, preRegister, requestAs } from '../../test/harness.ts';
import { CORE_FEATURES } from '../app.ts';
import { useHubTestApp } from '../../test/hub-test-app.ts';

describeEachBackend('account deletion and hubs ($backend)', 'attached', (backend) => {
  const t = useHubTestApp(backend, { features: CORE_FEATURES });

  it('should close a deleted user’s hub connections and answer 410 on the next negotiate', async () => {
    const session = await preRegister(t.app);
    const other = await preRegister(t.app);
    const mine = t.connect('chatHub', session.accessToken);
    const theirs = t.connect('chatHub', other.accessToken);
    await Promise.all([mine.start(), theirs.start()]);
    const closed = new Promise<Error | undefined>((resolve) => mine.onclose(resolve));

    const deleted = await requestAs(t.app, session, 'DELETE', '/api/User');
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await closed)?.message).toContain('account_deleted');
    const negotiate = await fetch(`${t.url}/hubs/chatHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: bearer(session.accessToken),
    });
    expect(negotiate.status).toBe(410);
    // Someone else's connection is untouched.
    expect(await theirs.invoke('GetReplies')).toEqual([]);
    await theirs.stop();
  });
});
