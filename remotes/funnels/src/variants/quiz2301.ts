import { CONNECTION_QUESTION, PERSONALITY_QUESTION, characterQuiz, looksQuestion } from './build.ts';

/** Quiz 2301 (/2301): a free match in the dark. */
export default characterQuiz({
  name: 'quiz2301',
  paths: { '/2301': 'match' },
  tone: 'black',
  questions: [CONNECTION_QUESTION, looksQuestion('realistic', 'Who catches your eye?'), PERSONALITY_QUESTION],
  copy: {
    eyebrow: 'Lonely tonight?',
    title: 'She is one message away',
    lead: 'Three questions to find the girl who wants to talk to you.',
    cta: 'Find her',
    landingTitle: '{name} sent you a message',
    landingCta: 'Read it',
  },
});
