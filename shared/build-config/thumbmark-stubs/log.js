// ThumbmarkJS's sampled telemetry, left out of the shell's build (ADR 0275): the shell sets `logging: false`.
export async function logThumbmarkData() {}
