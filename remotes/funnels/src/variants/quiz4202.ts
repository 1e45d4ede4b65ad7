import { characterQuiz } from './build.ts';

/** Quiz 4202 (/4202): the white twin of 4201, into the wizard. */
export default characterQuiz({
  name: 'quiz4202',
  paths: { '/4202': 'wizard' },
  tone: 'white',
  copy: {
    eyebrow: 'Companion quiz',
    title: 'Who would you love to talk to?',
    lead: 'Four questions to design a companion who really listens.',
    cta: 'Begin',
  },
});
