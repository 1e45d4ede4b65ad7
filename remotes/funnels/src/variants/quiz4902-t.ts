import { PERSONALITY_QUESTION, characterQuiz, looksQuestion } from './build.ts';

/** Quiz 4902-t (/4902-t): the TikTok cut of 4902, two questions. */
export default characterQuiz({
  name: 'quiz4902-t',
  paths: { '/4902-t': 'wizard' },
  tone: 'black',
  questions: [looksQuestion('realistic'), PERSONALITY_QUESTION],
  copy: {
    eyebrow: 'As seen on TikTok',
    title: 'Make your own AI girlfriend',
    lead: 'Two taps. Zero awkward small talk.',
    cta: 'Make her',
  },
});
