import { characterQuiz } from './build.ts';

/** Quick date, anime (served at /quickdate-honey-anime). */
export default characterQuiz({
  name: 'quickdate-anime',
  paths: { '/quickdate-honey-anime': 'match' },
  tone: 'anime',
  product: 'quickdate',
  style: 'anime',
  copy: {
    eyebrow: 'Anime quick date',
    title: 'Meet your anime waifu',
    lead: 'Pick her look and her vibe: she will message you first.',
    cta: 'Find my waifu',
    landingTitle: '{name} chose you!',
    landingCta: 'Chat with {name}',
  },
});
