import { characterQuiz } from './build.ts';

/** Quick date, gray: three questions to a free match she is already chatting with. */
export default characterQuiz({
  name: 'quickdate-honey-gray',
  paths: { '/quickdate-honey-gray': 'match' },
  tone: 'gray',
  product: 'quickdate',
  style: 'realistic',
  copy: {
    eyebrow: 'Quick date',
    title: 'Your honey is one minute away',
    lead: 'Answer three questions and we will match you with a girl who is into you.',
    cta: 'Find my match',
    landingTitle: "It's a match! {name} likes you too",
    landingCta: 'Chat with {name}',
  },
});
