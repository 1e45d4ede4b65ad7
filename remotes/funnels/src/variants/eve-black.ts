import type { Variant } from './types.ts';
import { CONNECTION_QUESTION, HOBBY_QUESTION, PERSONALITY_QUESTION, characterQuiz } from './build.ts';

/** Eve, black (served at /quiz-black-eve): Eve's look is set; the quiz shapes who she is. */
const eve: Variant = {
  ...characterQuiz({
    name: 'eve-black',
    paths: { '/quiz-black-eve': 'match' },
    tone: 'black',
    style: 'realistic',
    questions: [PERSONALITY_QUESTION, CONNECTION_QUESTION, HOBBY_QUESTION],
    copy: {
      eyebrow: 'Meet Eve',
      title: 'Eve wants to know you better',
      lead: 'Three questions, and she becomes exactly the girl you want.',
      cta: "Let's talk",
      names: ['Eve', 'Evie', 'Eva'],
      nameTitle: 'Eve, or would you call her something else?',
      landingTitle: '{name} is ready for you',
      landingCta: 'Chat with {name}',
    },
  }),
  base: {
    style: 'realistic',
    age: 24,
    ethnicity: 'caucasian',
    eyes: 'green',
    hairStyle: 'long-straight',
    hairColor: 'black',
    body: { body: 'athletic' },
    personality: 'mysterious',
    connectionType: 'girlfriend',
    voice: 'sultry',
    name: 'Eve',
  },
};

export default eve;
