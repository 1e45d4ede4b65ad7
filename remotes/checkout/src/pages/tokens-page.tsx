import { PageIntro } from './page-intro.tsx';

/** Buy Tokens: the page's heading until its feature issue fills it. */
export function TokensPage() {
  return <PageIntro title="Buy Tokens" description="Top up your token balance." />;
}
