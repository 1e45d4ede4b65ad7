import { characterQuiz } from './build.ts';

/** Generation, black (NSFW): the adult generator; its pricing page opens the plans after the quiz. */
export default characterQuiz({
  name: 'generation-nsfw',
  paths: { '/generation-black': 'wizard', '/generation-black-pricing': 'paywall' },
  tone: 'black',
  product: 'generation',
  adult: true,
  copy: {
    eyebrow: '18+ AI generator',
    title: 'Generate your AI girlfriend. No limits.',
    lead: 'Choose every detail. She will do anything to please you.',
    cta: 'Generate her',
    landingTitle: '{name} wants you',
    landingLead: 'Unlock her uncensored photos and unlimited messages.',
    landingCta: 'Continue with {name}',
  },
});
