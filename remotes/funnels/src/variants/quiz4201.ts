import { HOBBY_QUESTION, PERSONALITY_QUESTION, characterQuiz, looksQuestion } from './build.ts';

/** Quiz 4201 (/4201): a match built from a first-date question. */
export default characterQuiz({
  name: 'quiz4201',
  paths: { '/4201': 'match' },
  tone: 'gray',
  questions: [HOBBY_QUESTION, looksQuestion('realistic'), PERSONALITY_QUESTION],
  copy: {
    eyebrow: 'Date quiz',
    title: 'Plan your perfect date',
    lead: 'We will match you with the girl who would love it too.',
    cta: 'Plan it',
  },
});
