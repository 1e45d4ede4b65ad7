import { BODY_QUESTION, PERSONALITY_QUESTION, characterQuiz, looksQuestion } from './build.ts';

/** /B-JizzGirl: the adult landing, a match in three questions. */
export default characterQuiz({
  name: 'jizz-girl',
  paths: { '/B-JizzGirl': 'match' },
  tone: 'black',
  adult: true,
  questions: [looksQuestion('realistic', 'Pick your girl'), BODY_QUESTION, PERSONALITY_QUESTION],
  copy: {
    eyebrow: '18+ only',
    title: 'Naughty AI girls, uncensored',
    lead: 'Choose what turns you on. She is ready when you are.',
    cta: 'I am 18+, show me',
    landingTitle: '{name} is all yours',
    landingCta: 'Chat with {name}',
  },
});
