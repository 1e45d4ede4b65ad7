import { PERSONALITY_QUESTION, characterQuiz } from './build.ts';

/** /black_three_screens: the shortest quiz, three screens before she is made (welcome, personality, name). */
export default characterQuiz({
  name: 'black-three-screens',
  paths: { '/black_three_screens': 'match' },
  tone: 'black',
  style: 'realistic',
  questions: [PERSONALITY_QUESTION],
  copy: {
    eyebrow: 'Three taps',
    title: 'Three taps to your AI girlfriend',
    lead: 'No sign-up, no waiting.',
    cta: 'Tap one',
    landingCta: 'Chat with {name}',
  },
});
