import { characterQuiz } from './build.ts';

/** Generation, white (SFW): light surfaces; its pricing page opens the plans after the quiz. */
export default characterQuiz({
  name: 'generation-sfw',
  paths: { '/generation-white': 'wizard', '/generation-white-pricing': 'paywall' },
  tone: 'white',
  product: 'generation',
  copy: {
    eyebrow: 'AI companion generator',
    title: 'Design a companion who gets you',
    lead: 'A friend, a partner, a listener: you decide who she is.',
    cta: 'Start designing',
    landingTitle: '{name} is ready',
    landingLead: 'Unlock unlimited chats and photos with Premium, or keep designing her.',
    landingCta: 'Continue with {name}',
  },
});
