import { characterQuiz } from './build.ts';

/** Quiz 1801 (/1801): style, looks, personality, connection, then the wizard. */
export default characterQuiz({
  name: 'quiz1801',
  paths: { '/1801': 'wizard' },
  tone: 'gray',
  copy: {
    eyebrow: '1 minute quiz',
    title: 'What is your type?',
    lead: 'Answer four questions and meet the AI girlfriend made for you.',
    cta: 'Start the quiz',
  },
});
