// Characters, chats and the gallery from spec 000 §3; field names are the wire names the API uses.

/** The explore category; anything other than anime is treated as realistic (000 §5). */
export type Category = 'realistic' | 'anime';

/** A message in a chat; one with no text, video, image, full video or self-destructing photo is dropped. */
export interface Message {
  id: string;
  chatId: string;
  message: string | null;
  videoUrl: string | null;
  imageUrl: string | null;
  fullVideoUrl: string | null;
  isSelfDestructingPhoto: boolean;
  isSeen: boolean;
  isLiked: boolean;
  isDisliked: boolean;
  createdAt: string;
  /** Who wrote it: the user or the character. */
  sender: 'user' | 'character';
  // Regenerate (ADR 0220): present once a reply was regenerated.
  /** Every text the reply has had, oldest first; `message` is the chosen one. */
  alternatives?: string[];
  /** Index of the chosen text in `alternatives`. */
  alternativeIndex?: number;
}

/** A chat between a user and a character (000 §3). */
export interface Chat {
  id: string;
  personModelEntityId: string;
  personModelFirstName: string;
  personModelLastName: string | null;
  messages: Message[];
  isBlurred: boolean;
  isPinned: boolean;
  pinnedAt: string | null;
  updatedAt: string;
  createdAt: string;
  input: string | null;
  isSecretContent: boolean;
  hasCustomGenerationSupport: boolean;
}

/** One body image of a character; the spec allows a bare URL or an object. */
export type BodyImage = string | { id: string; imageUrl: string; isUnlocked: boolean };

/** Online status of a character; the default is Offline. */
export type PersonStatus = 'Online' | 'Offline';

/** A character ("person model", 000 §3, §2.4). */
export interface PersonModel {
  id: string;
  firstName: string;
  lastName: string | null;
  age: number;
  isAnime: boolean;
  isPremium: boolean;
  bodyImages: BodyImage[];
  isLocked: boolean;
  isLockedPremiumModel: boolean;
  status: PersonStatus;
  isPublicModel: boolean;
  paywallImage: string | null;
  description?: string | null;
  /** When the character was created (ISO 8601); My AI shows it (create-character). */
  createdAt?: string;
}

/** Character traits slider values; each defaults to 50. */
export interface CharacterTraits {
  kink: number;
  libido: number;
  nudity: number;
}

/** The character-creation draft kept in session storage (000 §3). */
export interface CharacterDraft {
  id: string | null;
  style: Category | null;
  connectionType: string | null;
  likeToTry: string[];
  intention: string | null;
  rolePlay: string | null;
  race: string | null;
  traits: CharacterTraits;
  age: number | null;
  ethnicity: string | null;
  eyes: string | null;
  hairStyle: string | null;
  hairColor: string | null;
  body: { body: string | null; breast: string | null; butt: string | null };
  features: string[];
  hobby: string[];
  occupation: string | null;
  personality: string | null;
  marital: string | null;
  name: string | null;
  voice: string | null;
  /** The prompt fields of an imported Character Card (V2/V3), kept for every engine; absent for wizard characters. */
  card?: CharacterCardText | null;
}

/** A Character Card's prompt fields (`{{char}}`/`{{user}}` placeholders as written); each one optional. */
export interface CharacterCardText {
  description?: string;
  personality?: string;
  scenario?: string;
  /** The character's opening line: the first message of a new chat. */
  firstMes?: string;
  mesExample?: string;
  systemPrompt?: string;
  postHistoryInstructions?: string;
}

/** A gallery image; results are cached per category and secret flag and merged by id. */
export interface GalleryImage {
  galleryImageId: string;
  category: Category;
  isSecretContent: boolean;
  imageUrl: string;
  isUnlocked: boolean;
  personModelId: string | null;
  price: number;
}
