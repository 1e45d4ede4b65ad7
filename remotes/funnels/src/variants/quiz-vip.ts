import { characterQuiz } from './build.ts';

/** The vip quiz (/quiz-vip, and `/` of the fbQuiz brand). */
export default characterQuiz({
  name: 'quiz-vip',
  paths: { '/quiz-vip': 'wizard' },
  tone: 'black',
  copy: {
    eyebrow: 'VIP access',
    title: 'Your private AI companion',
    lead: 'Exclusive characters, unlimited conversations. Start with four questions.',
    cta: 'Get VIP access',
  },
});
