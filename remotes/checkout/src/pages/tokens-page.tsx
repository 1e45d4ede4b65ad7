import { RemotePage } from '@companion/remote-kit';

/** Buy Tokens: the page's heading until its feature issue fills it. */
export function TokensPage() {
  return <RemotePage title="Buy Tokens" description="Top up your token balance." />;
}
