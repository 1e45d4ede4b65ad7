import path from 'node:path';
import type { Registry } from '@companion/registry';
import { writeFakeBuild } from '@companion/registry/testing';
import { describe, expect, it } from 'vitest';
import { VISITOR_COOKIE, bucketOf, newVisitor, registryForVisitor, visitorIdOf } from './canary.ts';
import { BLANK_INDEX, writeShell } from './testing/origin-fixtures.ts';
import { useStoreOrigin } from './testing/store-origin.ts';

const live = {
  version: '1.0.0',
  manifest: '/remotes/chat/1.0.0/mf-manifest.json',
  integrity: 'a',
  contract: 1,
};
const next = {
  version: '1.1.0',
  manifest: '/remotes/chat/1.1.0/mf-manifest.json',
  integrity: 'b',
  contract: 1,
};
const registry: Registry = {
  schemaVersion: 1,
  remotes: { chat: { ...live, canary: { ...next, percent: 20 } } },
};

describe('canary buckets', () => {
  it('should give a visitor the same bucket every time, per remote', () => {
    const { id } = newVisitor(false);
    expect(bucketOf(id, 'chat')).toBe(bucketOf(id, 'chat'));
    expect(registryForVisitor(registry, id)).toEqual(registryForVisitor(registry, id));
  });

  it('should serve the canary to about its percent of visitors, and never leak the canary field', () => {
    let canary = 0;
    for (let i = 0; i < 2000; i += 1) {
      const entry = registryForVisitor(registry, newVisitor(false).id).remotes['chat']!;
      expect(entry).not.toHaveProperty('canary');
      if (entry.version === '1.1.0') canary += 1;
    }
    expect(canary / 2000).toBeGreaterThan(0.16);
    expect(canary / 2000).toBeLessThan(0.24);
    expect(registryForVisitor(registry, null).remotes['chat']).toEqual(live);
  });

  it('should read only a well-formed visitor cookie', () => {
    const { id, cookie } = newVisitor(true);
    expect(cookie).toMatch(
      new RegExp(`^${VISITOR_COOKIE}=${id}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure$`),
    );
    expect(visitorIdOf(`a=1; ${VISITOR_COOKIE}=${id}`)).toBe(id);
    expect(visitorIdOf(`${VISITOR_COOKIE}=../x`)).toBeNull();
    expect(visitorIdOf(undefined)).toBeNull();
  });
});

describe('origin with a canary', () => {
  const origin = useStoreOrigin('canary', async (root, store) => {
    for (const version of ['1.0.0', '1.1.0'])
      await store.publish('chat', await writeFakeBuild(path.join(root, version), 'chat', version));
    await store.setLive('chat', '1.0.0');
    await store.setCanary('chat', { version: '1.1.0', percent: 50 });
    return writeShell(root, BLANK_INDEX);
  });

  it('should set a visitor cookie on the first page and keep that visitor on one version', async () => {
    const first = await origin.app.inject({ url: '/chat', headers: { accept: 'text/html' } });
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=`));
    const version = /"version":"(\d+\.\d+\.\d+)"/.exec(first.body)?.[1];
    expect(['1.0.0', '1.1.0']).toContain(version);
    for (let i = 0; i < 5; i += 1) {
      const page = await origin.app.inject({ url: '/chat', headers: { accept: 'text/html', cookie } });
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(/"version":"(\d+\.\d+\.\d+)"/.exec(page.body)?.[1]).toBe(version);
      const json = await origin.app.inject({ url: '/registry.json', headers: { cookie } });
      expect(json.json().remotes.chat.version).toBe(version);
      expect(json.json().remotes.chat.canary).toBeUndefined();
      expect(json.headers['vary']).toContain('cookie');
    }
  });

  it('should split visitors between the live version and the canary', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      const json = await origin.app.inject({
        url: '/registry.json',
        headers: { cookie: `${VISITOR_COOKIE}=${newVisitor(false).id}` },
      });
      seen.add(json.json().remotes.chat.version);
    }
    expect([...seen].sort()).toEqual(['1.0.0', '1.1.0']);
  });
});
