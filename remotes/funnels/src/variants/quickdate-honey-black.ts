import { characterQuiz } from './build.ts';

/** Quick date, black: the same match in the dark, bolder copy. */
export default characterQuiz({
  name: 'quickdate-honey-black',
  paths: { '/quickdate-honey-black': 'match' },
  tone: 'black',
  product: 'quickdate',
  style: 'realistic',
  adult: true,
  copy: {
    eyebrow: 'Quick date · tonight',
    title: 'She is online and looking for you',
    lead: 'Tell us your type. We will find the girl who cannot wait to talk.',
    cta: 'Find her now',
    landingTitle: "It's a match! {name} is waiting",
    landingCta: 'Message {name}',
  },
});
