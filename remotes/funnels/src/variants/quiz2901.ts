import { characterQuiz } from './build.ts';

/** Quiz 2901 (/2901): anime. */
export default characterQuiz({
  name: 'quiz2901',
  paths: { '/2901': 'wizard' },
  tone: 'anime',
  style: 'anime',
  copy: {
    eyebrow: 'Anime quiz',
    title: 'Which anime girl is your soulmate?',
    lead: 'Find out in three questions, then make her yours.',
    cta: 'Find out',
  },
});
