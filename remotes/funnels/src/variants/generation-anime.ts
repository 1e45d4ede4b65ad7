import { characterQuiz } from './build.ts';

/** Generation, anime. */
export default characterQuiz({
  name: 'generation-anime',
  paths: { '/generation-anime': 'wizard' },
  tone: 'anime',
  product: 'generation',
  style: 'anime',
  copy: {
    eyebrow: 'Anime girl generator',
    title: 'Create your own anime girl',
    lead: 'Idol, elf, cat girl or demon queen: bring her to life.',
    cta: 'Create her',
    landingTitle: '{name} is ready to come to life',
    landingCta: 'Continue with {name}',
  },
});
