import { characterQuiz } from './build.ts';

/** Generation, gray: design her, then finish in the character wizard. */
export default characterQuiz({
  name: 'generation-gray',
  paths: { '/generation-gray': 'wizard' },
  tone: 'gray',
  product: 'generation',
  copy: {
    eyebrow: 'AI girlfriend generator',
    title: 'Create your dream AI girlfriend',
    lead: 'Choose her style, looks and personality in four taps.',
    cta: 'Create her',
    landingTitle: '{name} is ready to come to life',
    landingLead: 'Your answers are saved: fine-tune every detail or bring her to life as she is.',
    landingCta: 'Continue with {name}',
  },
});
