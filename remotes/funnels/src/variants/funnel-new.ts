import {
  BODY_QUESTION,
  HOBBY_QUESTION,
  PERSONALITY_QUESTION,
  characterQuiz,
  looksQuestion,
} from './build.ts';

/** The new funnel: a longer quiz (looks, figure, personality, first date). */
export default characterQuiz({
  name: 'funnel-new',
  paths: { '/funnel-new': 'wizard' },
  tone: 'gray',
  questions: [looksQuestion('realistic'), BODY_QUESTION, PERSONALITY_QUESTION, HOBBY_QUESTION],
  copy: {
    eyebrow: 'New',
    title: 'Someone special is waiting',
    lead: 'Describe her, and she becomes real.',
    cta: 'Describe her',
  },
});
