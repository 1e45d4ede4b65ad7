import { characterQuiz } from './build.ts';

/** /adquantum-source: the AdQuantum source page. */
export default characterQuiz({
  name: 'adquantum-source',
  paths: { '/adquantum-source': 'wizard' },
  tone: 'gray',
  copy: {
    eyebrow: 'AI companion',
    title: 'Someone to talk to, any time',
    lead: 'Design the companion you want in four quick questions.',
    cta: 'Get started',
  },
});
