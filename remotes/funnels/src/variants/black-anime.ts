import { characterQuiz } from './build.ts';

/** /black_anime: anime in the dark, a free match. */
export default characterQuiz({
  name: 'black-anime',
  paths: { '/black_anime': 'match' },
  tone: 'black',
  style: 'anime',
  copy: {
    eyebrow: 'After dark',
    title: 'Anime girls who text back',
    lead: 'Pick her look and her vibe. She is online now.',
    cta: 'Meet her',
    landingCta: 'Chat with {name}',
  },
});
