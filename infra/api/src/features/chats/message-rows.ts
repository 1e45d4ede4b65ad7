// Stored messages and their wire shape: the columns, the empty-message rule, content normalising, `toMessage`.
import type { Message } from '@companion/contracts';

/** Content of a new message; anything left out is null. */
export interface MessageContent {
  message?: string | null;
  imageUrl?: string | null;
  videoUrl?: string | null;
  fullVideoUrl?: string | null;
  isSelfDestructingPhoto?: boolean;
}

/** A `messages` row as `MESSAGE_COLUMNS` selects it. */
export interface MessageRow {
  id: string;
  chat_id: string;
  sender: 'user' | 'character';
  message: string | null;
  image_url: string | null;
  video_url: string | null;
  full_video_url: string | null;
  is_self_destructing_photo: boolean;
  is_seen: boolean;
  is_liked: boolean;
  is_disliked: boolean;
  created_at: Date | string;
  seq: number | string;
  alternatives: string[] | string | null;
  alternative_index: number | null;
}

/** The `messages` columns every read and `RETURNING` selects (the shape of {@link MessageRow}). */
export const MESSAGE_COLUMNS =
  'id, chat_id, sender, message, image_url, video_url, full_video_url, is_self_destructing_photo, is_seen, is_liked, is_disliked, created_at, seq, alternatives, alternative_index';

// Spec 000 §3: a message with none of text, video, image, full video or self-destructing photo is dropped.
/** SQL condition keeping only messages the empty-message rule lets through. */
export const NOT_EMPTY = `(coalesce(btrim(message), '') <> '' OR coalesce(image_url, '') <> '' OR coalesce(video_url, '') <> ''
  OR coalesce(full_video_url, '') <> '' OR is_self_destructing_photo)`;

/** A timestamp as an ISO string on the wire. */
export const iso = (value: Date | string): string => new Date(value).toISOString();

/** Empty or blank text as null. */
export const blankToNull = (value: string | null | undefined): string | null =>
  value && value.trim() !== '' ? value : null;

/** Normalises content and tells whether the spec's rule drops it. */
export function normaliseContent(content: MessageContent): {
  content: Required<MessageContent>;
  isEmpty: boolean;
} {
  const normalised = {
    message: blankToNull(content.message),
    imageUrl: blankToNull(content.imageUrl),
    videoUrl: blankToNull(content.videoUrl),
    fullVideoUrl: blankToNull(content.fullVideoUrl),
    isSelfDestructingPhoto: content.isSelfDestructingPhoto === true,
  };
  const isEmpty =
    !normalised.message &&
    !normalised.imageUrl &&
    !normalised.videoUrl &&
    !normalised.fullVideoUrl &&
    !normalised.isSelfDestructingPhoto;
  return { content: normalised, isEmpty };
}

/** Wire shape of a stored message. */
export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    chatId: row.chat_id,
    message: row.message,
    videoUrl: row.video_url,
    imageUrl: row.image_url,
    fullVideoUrl: row.full_video_url,
    isSelfDestructingPhoto: row.is_self_destructing_photo,
    isSeen: row.is_seen,
    isLiked: row.is_liked,
    isDisliked: row.is_disliked,
    createdAt: iso(row.created_at),
    sender: row.sender,
    ...alternativesOf(row),
  };
}

/** A regenerated reply carries its texts and the chosen index; other messages carry neither. */
export function alternativesOf(row: MessageRow): Pick<Message, 'alternatives' | 'alternativeIndex'> {
  if (row.alternatives === null || row.alternatives === undefined) return {};
  const list =
    typeof row.alternatives === 'string' ? (JSON.parse(row.alternatives) as string[]) : row.alternatives;
  return { alternatives: list, alternativeIndex: row.alternative_index ?? list.length - 1 };
}
