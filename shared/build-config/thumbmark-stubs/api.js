// ThumbmarkJS's API client, left out of the shell's build (ADR 0275): it is only called with an `api_key` or
// `simple_request`, which the shell never sets (we send nothing off-site).
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export function getApiPromise() {
  return Promise.reject(new Error('the ThumbmarkJS API is not part of this build'));
}
