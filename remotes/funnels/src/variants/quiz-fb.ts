import { characterQuiz } from './build.ts';

/** Facebook quiz: ends on the quiz variants' discount paywall (001 §2). */
export default characterQuiz({
  name: 'quiz-fb',
  paths: { '/quiz-fb': 'paywall' },
  tone: 'gray',
  discount: true,
  copy: {
    eyebrow: 'Take the 30-second quiz',
    title: 'Find your perfect AI companion',
    lead: 'Tell us what you like and we will create her for you, with a discount for finishing.',
    cta: 'Take the quiz',
    landingTitle: '{name} is ready, and so is your discount',
    landingLead: 'Finish now: your special price is applied for today only.',
    landingCta: 'Claim my discount',
  },
});
