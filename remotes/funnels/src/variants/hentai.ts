import { BODY_QUESTION, PERSONALITY_QUESTION, characterQuiz, looksQuestion } from './build.ts';

/** /hentai: the adult anime landing, into the wizard. */
export default characterQuiz({
  name: 'hentai',
  paths: { '/hentai': 'wizard' },
  tone: 'anime',
  style: 'anime',
  adult: true,
  questions: [looksQuestion('anime'), BODY_QUESTION, PERSONALITY_QUESTION],
  copy: {
    eyebrow: '18+ anime',
    title: 'Your hentai fantasy, brought to life',
    lead: 'Design the anime girl you have always wanted. No limits.',
    cta: 'I am 18+, start',
  },
});
