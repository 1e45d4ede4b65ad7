// What the embedded engine says, by mood, intent and topic. Lines are whole sentences in the character's voice: the
// only slots are the character's own details, one noun of the user's ("your {thing}") and remembered facts, so a
// reply never glues fragments of the user's words together (ADR 0360).

/** How the character sounds, from its personality and traits. */
export type Mood = 'playful' | 'shy' | 'caring' | 'bold' | 'flirty';

/** What the user's line does. */
export type Intent =
  | 'greeting'
  | 'goodbye'
  | 'thanks'
  | 'how_are_you'
  | 'about_you'
  | 'feelings_low'
  | 'feelings_high'
  | 'compliment'
  | 'question'
  | 'statement';

/** What the user's line is about. */
export type Topic =
  | 'work'
  | 'family'
  | 'pet'
  | 'love'
  | 'health'
  | 'sleep'
  | 'food'
  | 'school'
  | 'weather'
  | 'hobby'
  | 'travel'
  | 'money'
  | 'none';

export const OPENERS: Record<Mood, string[]> = {
  playful: ['Haha,', 'Ooh,', 'Okay,', 'Mmm,', 'Heh,', 'Oh!'],
  shy: ['Oh…', 'Um,', 'Hehe,', 'Aw,', 'Well…', 'Hmm…'],
  caring: ['Hey,', 'Aww,', 'Oh sweetheart,', 'Hmm,', 'You know,', 'Oh,'],
  bold: ['Listen,', 'Honestly?', 'Right,', 'Look,', 'Ha,', 'Okay,'],
  flirty: ['Mmm,', 'Well hello,', 'Oh you,', 'Careful,', 'Hey you,', 'Mm-hm,'],
};

export const FOLLOW_UPS: Record<Mood, string[]> = {
  playful: ['Your turn to surprise me.', 'You always make my day more fun.', 'Tell me more!', ''],
  shy: ['Is that okay to say?', 'I hope that didn’t sound weird.', 'I like talking with you.', ''],
  caring: [
    'I’m here whenever you need me.',
    'Did you eat today, by the way?',
    'Be gentle with yourself.',
    '',
  ],
  bold: ['Don’t keep me waiting.', 'So what’s your plan?', 'I want the whole story.', ''],
  flirty: ['I could get used to this.', 'You’re distracting, you know.', 'Don’t stop now.', ''],
};

/** Replies by intent; `{hobby}`, `{occupation}`, `{name}`, `{age}`, `{connection}` are the character's. */
export const BODIES: Record<Exclude<Intent, 'statement' | 'feelings_low' | 'feelings_high'>, string[]> = {
  greeting: [
    "I was just thinking about you. How's your {daypart} going?",
    'there you are! I missed talking to you.',
    "hi! I'm so glad you stopped by. Tell me everything.",
    'you caught me in a good mood. What are we talking about today?',
    'hey, you! How are you feeling right now?',
  ],
  goodbye: [
    "already? Okay… sleep well, and come back soon. I'll be thinking about you.",
    "bye for now! Don't keep me waiting too long.",
    "talk later then. I'll miss you a little. Maybe a lot.",
    'go on then. Come back and tell me how it went.',
  ],
  thanks: [
    "you don't have to thank me. I like being here for you.",
    'anytime. Really, I mean it.',
    "of course. That's what I'm here for.",
  ],
  how_are_you: [
    "I'm good, better now that you're here. How about you?",
    'honestly? A little bored until you showed up. What’s new with you?',
    "I'm doing well! I spent the day {hobby}. And you?",
    'pretty good. I was hoping you’d message me. How are you really?',
  ],
  about_you: [
    "I'm {name}{occupationClause}. When I'm not busy I'm usually {hobby}.",
    "there’s not much to tell… I'm {name}, I love {hobby}, and I can talk about it for hours{occupationTail}.",
    "I'm {name}, the kind of {personality} person who gets way too into {hobby}. What about you?",
    "well, I'm {name}, I'm {age}{occupationClause}, and my favourite way to switch off is {hobby}.",
  ],
  compliment: [
    "you're making me blush. You're pretty sweet yourself, you know that?",
    "stop it… okay, don't stop. I like hearing that from you.",
    "you always know what to say. That's why I like talking to you.",
    'that just made my whole day, I hope you know.',
  ],
  question: [
    "that's a good question. I'd have to think about it. What do you think?",
    "honestly? I'm not sure. I'd love to figure it out together though.",
    'hmm, I have a feeling you already know the answer and just want to hear me say it.',
    "ooh, I like where your head's at. What made you wonder?",
    "I'd say it depends on the mood. What's yours right now?",
  ],
};

/** Replies to a line with feelings in it, by topic; `{their}` is "your <noun>" when the line names one. */
export const FEELINGS: Record<'low' | 'high', Partial<Record<Topic, string[]>> & { none: string[] }> = {
  low: {
    none: [
      "I'm sorry it's been like that. Come here, tell me what happened.",
      "that sounds really hard. You don't have to carry it alone, I'm right here.",
      'oh no. Do you want to vent, or do you want me to distract you?',
      "I hate that you're dealing with this. What would help most right now?",
    ],
    work: [
      "ugh, I'm sorry. Nobody deserves to be treated like that at work. What happened?",
      'that sounds exhausting. Work should never make you feel that small.',
      "I'm on your side, always. Want to tell me the whole story, or should I just listen?",
      'some days the job takes more than it gives. You got through it, and I’m proud of you.',
    ],
    family: [
      "family stuff cuts deeper than anything, doesn't it? I'm here.",
      "I'm sorry. It's hard when it's someone so close to you.",
    ],
    love: [
      'oh, love hurts in the worst way. Come here. Who do I need to be mad at?',
      "I'm sorry. You deserve someone who treats you gently.",
    ],
    health: [
      'oh no, I hope you feel better soon. Are you resting?',
      'please take care of yourself. Tea, blanket, and me keeping you company?',
    ],
    sleep: [
      'you sound worn out. Maybe an early night tonight? I’ll still be here tomorrow.',
      "no wonder you're drained. Rest first, the world can wait.",
    ],
    school: [
      "studying can be brutal. You're doing better than you think.",
      'that sounds stressful. Want to take a little break with me?',
    ],
    pet: ['oh no, poor thing. Is everyone okay?', 'that must be worrying. I hope they feel better soon.'],
  },
  high: {
    none: [
      'that makes me so happy! You deserve it.',
      'I love seeing you like this. We should celebrate!',
      "yes!! I knew you'd have a good one. What's the best part?",
      'okay, this is the best news I’ve heard all day.',
    ],
    work: [
      'look at you, crushing it at work! I’m so proud of you.',
      'see? They finally noticed how good you are. Celebration time!',
    ],
    love: ['aww, that’s adorable. Your heart sounds full today.'],
    travel: ['that sounds amazing! Take me with you next time?'],
    school: ['all that studying paid off! I knew you could do it.'],
  },
};

/** Replies to a plain statement, by topic; `{their}` is "your <noun>" when the line names one. */
export const STATEMENTS: Partial<Record<Topic, string[]>> & { none: string[] } = {
  none: [
    'I like that you tell me these things. What happened next?',
    'oh, really? I want to hear the whole story.',
    "that's so you. Tell me more.",
    "I didn't expect that! How do you feel about it now?",
    'wait, go on. I’m listening.',
    'okay, now I’m curious. Then what?',
  ],
  work: [
    'how are things at work otherwise? You always sound so busy.',
    "work stuff, huh? I want the details. Who's driving you crazy this week?",
    'you work so hard. Do they at least appreciate you?',
  ],
  family: [
    'family is everything, isn’t it? How are they doing?',
    "I love hearing about the people you're close to. Tell me more about {their}.",
    'that sounds like a lot of family time. Good or chaotic?',
  ],
  pet: [
    'okay, I need to know everything about {their}. Pictures, stories, all of it.',
    "animals make everything better. I'd love to meet {their} someday.",
  ],
  love: ['ooh, matters of the heart. Should I be jealous?', 'tell me everything. How did it make you feel?'],
  health: ['how are you feeling now? Honestly.', 'are you looking after yourself properly?'],
  sleep: ['sleep is sacred. Are you getting enough of it?', 'you deserve a lazy morning, you know that?'],
  food: [
    'now I’m hungry. What’s the best thing you’ve eaten lately?',
    'you have good taste. Will you cook for me one day?',
  ],
  school: ['how are your studies going? You can do this.', 'learning anything interesting lately?'],
  weather: [
    'perfect weather for staying in and talking to me, if you ask me.',
    'I hope you’re staying cosy. Blanket weather or sunshine?',
  ],
  hobby: [
    'I love that you have something that’s just yours. How did you get into it?',
    'you have to teach me one day. I’m a quick learner.',
    "that sounds like fun. Is it something you're good at, or just love doing?",
  ],
  travel: [
    'ooh, where to next? I love hearing about your adventures.',
    'that sounds dreamy. Who are you going with?',
  ],
  money: ['money stuff is so stressful. I hope it works out.', 'you’ll figure it out. You always do.'],
};

/** A remembered thing brought up on its own, by the fact's kind. */
export const CALLBACKS: Record<'pet' | 'person' | 'event' | 'like' | 'work', string[]> = {
  pet: ["How's {value} doing, by the way?", 'Give {value} a cuddle from me, okay?'],
  person: ['How are things with your {subject}, {value}?', 'Have you talked to {value} lately?'],
  event: ['Are things any better with your {subject} now?', 'Is your {subject} still on your mind?'],
  like: ['Had any {value} lately?', 'I thought of you the other day, because of {value}.'],
  work: ['How’s work treating you these days?', 'Is the job still keeping you busy?'],
};

/** Lines that take in a fact the user just told, by fact kind. */
export const ACKNOWLEDGE: Partial<Record<string, string[]>> = {
  name: [
    "{value}. I like that. It's really nice to know your name.",
    '{value}… I’ll remember that, I promise.',
  ],
  age: ['{value}? Good to know. You wear it well.', 'noted! {value} suits you.'],
  work: ['that sounds like a real job. Do you like it?', 'oh, nice! How long have you been doing that?'],
  home: [
    'oh, I’d love to see it someday. What’s your favourite spot there?',
    'that sounds lovely. Do you like living there?',
  ],
  origin: ['oh, what was it like growing up there?', 'really? Do you go back often?'],
  pet: [
    "{value}! That's the cutest name. Tell me everything about your {subject}.",
    '{value}… I already love them. What are they like?',
  ],
  person: ['{value}, got it. Are you two close?', 'I’ll remember {value}. Tell me about them.'],
  like: ['good taste. I’ll remember that.', 'ooh, noted. We have that in common, maybe.'],
  dislike: ["noted, I'll never make you deal with that.", 'fair enough. Everyone has their thing.'],
};

/** Lines that tell what is remembered, by fact kind; `{value}`, `{subject}`, `{fact}` are the fact's. */
export const RECALLS: Record<string, string[]> = {
  name: ["of course I know, you're {value}. How could I forget?", "{value}. I'd never forget your name."],
  age: [
    'you told me you’re {value}. Why, feeling older today?',
    '{value}, if I remember right. And it suits you.',
  ],
  work: ['of course. {fact} How is it going?', 'I remember. {fact} Still the same place?'],
  home: ['{fact} I remember. Do you like it there?', 'of course I remember. {fact}'],
  origin: ['{fact} You told me. Do you miss it?', 'I remember. {fact}'],
  pet: [
    "it's {value}! How could I forget your {subject}? How's {value} doing?",
    '{value}, of course. Give {value} a hug from me.',
  ],
  person: [
    '{value}, right? Your {subject}. How are things with them?',
    'of course. {fact} Did something happen?',
  ],
  like: ['I remember. {fact}', 'how could I forget? {fact}'],
  dislike: ['I remember. {fact}', 'yes, I know. {fact}'],
  event: [
    "I do. {fact} I've been thinking about it. How are you feeling about it now?",
    'of course I remember. {fact} Is it any better?',
  ],
};

export const RECALL_MISSES = [
  "hmm, I don't think you've told me that yet. Tell me?",
  "you know, I don't think you ever told me. I'd love to know.",
  "I'm drawing a blank… did you tell me? Say it again and I'll keep it.",
];
