-- Catalogue: images, characters (person models), unlocks, chats and messages.
-- Owner columns are null for the public seed catalogue and set for what a user made.

CREATE TABLE images (
  id uuid PRIMARY KEY,
  owner_user_id uuid REFERENCES users (id),
  -- Everything the embedded engine needs to draw the image again.
  spec jsonb NOT NULL,
  content_type text NOT NULL,
  -- Null when the bytes can be re-rendered from spec (embedded engine); set for external results.
  body bytea,
  person_model_id uuid,
  batch_id uuid,
  -- True for images from Image/generate-batch-images (listed by Image/standalone-images).
  is_standalone boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX images_standalone_idx ON images (owner_user_id, created_at DESC, id) WHERE is_standalone;

CREATE TABLE person_models (
  id uuid PRIMARY KEY,
  -- Null: public catalogue character. Set: private to that user (403 for anyone else).
  owner_user_id uuid REFERENCES users (id),
  first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 40),
  last_name text,
  age integer NOT NULL CHECK (age BETWEEN 18 AND 99),
  is_anime boolean NOT NULL,
  is_premium boolean NOT NULL DEFAULT false,
  is_locked boolean NOT NULL DEFAULT false,
  unlock_price integer NOT NULL DEFAULT 0 CHECK (unlock_price >= 0),
  description text,
  -- The creation draft (looks, traits, personality) the companion engine reads.
  persona jsonb NOT NULL DEFAULT '{}'::jsonb,
  featured_utm_sources text[] NOT NULL DEFAULT '{}',
  funnels text[] NOT NULL DEFAULT '{}',
  rank integer NOT NULL DEFAULT 1000,
  -- seed, create, create-anime-person or create-landing-model-quickdate.
  origin text NOT NULL DEFAULT 'seed',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX person_models_owner_idx ON person_models (owner_user_id, created_at DESC) WHERE owner_user_id IS NOT NULL;
CREATE INDEX person_models_public_idx ON person_models (rank, id) WHERE owner_user_id IS NULL;

-- Body images (kind body) and gallery images (kind gallery) of a character.
CREATE TABLE person_model_images (
  id uuid PRIMARY KEY,
  person_model_id uuid NOT NULL REFERENCES person_models (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('body', 'gallery')),
  position integer NOT NULL,
  is_secret boolean NOT NULL DEFAULT false,
  price integer NOT NULL DEFAULT 0 CHECK (price >= 0),
  image_id uuid NOT NULL REFERENCES images (id),
  -- A lossy teaser shown until the image is unlocked.
  preview_image_id uuid NOT NULL REFERENCES images (id),
  UNIQUE (person_model_id, kind, position)
);
CREATE INDEX person_model_images_gallery_idx ON person_model_images (kind, is_secret);

CREATE TABLE person_model_unlocks (
  user_id uuid NOT NULL REFERENCES users (id),
  person_model_id uuid NOT NULL REFERENCES person_models (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, person_model_id)
);

CREATE TABLE gallery_unlocks (
  user_id uuid NOT NULL REFERENCES users (id),
  person_model_image_id uuid NOT NULL REFERENCES person_model_images (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, person_model_image_id)
);

CREATE TABLE chats (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  person_model_id uuid NOT NULL REFERENCES person_models (id) ON DELETE CASCADE,
  is_pinned boolean NOT NULL DEFAULT false,
  pinned_at timestamptz,
  input text,
  is_secret_content boolean NOT NULL DEFAULT false,
  has_custom_generation_support boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Starting a chat is idempotent per user and character.
  UNIQUE (user_id, person_model_id)
);
CREATE INDEX chats_user_idx ON chats (user_id, updated_at DESC);

CREATE TABLE messages (
  id uuid PRIMARY KEY,
  chat_id uuid NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  sender text NOT NULL CHECK (sender IN ('user', 'character')),
  message text,
  image_url text,
  video_url text,
  full_video_url text,
  is_self_destructing_photo boolean NOT NULL DEFAULT false,
  is_seen boolean NOT NULL DEFAULT false,
  is_liked boolean NOT NULL DEFAULT false,
  is_disliked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT (is_liked AND is_disliked)),
  -- Spec 000 §3: a message with none of text, video, image, full video or self-destructing photo is dropped.
  CHECK (
    coalesce(btrim(message), '') <> '' OR coalesce(image_url, '') <> '' OR coalesce(video_url, '') <> ''
    OR coalesce(full_video_url, '') <> '' OR is_self_destructing_photo
  )
);
CREATE INDEX messages_chat_idx ON messages (chat_id, created_at, id);

-- Which version of src/seed/ is in the database; the seeder upserts when it differs.
CREATE TABLE catalogue_seed (
  id integer PRIMARY KEY CHECK (id = 1),
  version text NOT NULL,
  -- Keys the ids of paid full-size images so they cannot be derived from the public seed code.
  image_secret text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
