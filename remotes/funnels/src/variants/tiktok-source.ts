import { characterQuiz } from './build.ts';

/** /tiktok-source: the TikTok source page. */
export default characterQuiz({
  name: 'tiktok-source',
  paths: { '/tiktok-source': 'wizard' },
  tone: 'anime',
  copy: {
    eyebrow: 'From TikTok',
    title: 'The AI girlfriend everyone is talking about',
    lead: 'Make yours in under a minute.',
    cta: 'Make mine',
  },
});
