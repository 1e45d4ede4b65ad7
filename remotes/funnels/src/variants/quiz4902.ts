import { characterQuiz } from './build.ts';

/** Quiz 4902 (/4902). */
export default characterQuiz({
  name: 'quiz4902',
  paths: { '/4902': 'wizard' },
  tone: 'black',
  copy: {
    eyebrow: 'Quiz',
    title: 'Create the girl of your dreams',
    lead: 'She looks how you want, talks how you like, and never gets bored of you.',
    cta: 'Create her',
  },
});
