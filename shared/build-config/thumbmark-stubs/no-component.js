// ThumbmarkJS's webrtc, speech and canvas components, left out of the shell's build (ADR 0275): the shell includes
// neither webrtc nor speech, and registers its own canvas component, so thumbmark never calls these.
export default async function noComponent() {
  return null;
}
