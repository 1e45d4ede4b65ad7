// Every `error.code` the API answers with (`{ error: { code, message, field? } }`), one typed union like the hubs'
// `ChatHubErrorCode`: the API cannot send a code that is not here, and a client can switch on them exhaustively.

/** The stable codes of the API's JSON errors. */
export type ApiErrorCode =
  // Input
  | 'invalid_request'
  | 'validation_failed'
  | 'invalid_json'
  | 'invalid_url'
  | 'uri_too_long'
  | 'payload_too_large'
  | 'unsupported_media_type'
  // Access
  | 'unauthorized'
  | 'forbidden'
  | 'missing_token'
  | 'invalid_token'
  | 'invalid_credentials'
  | 'invalid_google_token'
  | 'invalid_refresh_token'
  | 'refresh_token_expired'
  | 'token_used'
  | 'account_deleted'
  | 'admin_only'
  | 'not_owner'
  | 'token_expired'
  | 'refresh_token_reused'
  | 'wrong_refresh_path'
  | 'magic_link_expired'
  | 'magic_link_invalid'
  | 'google_unavailable'
  | 'google_signin_disabled'
  | 'email_unavailable'
  | 'age_not_verified'
  | 'underage'
  | 'nsfw_not_confirmed'
  | 'rate_limited'
  | 'server_busy'
  // Missing things
  | 'not_found'
  | 'chat_not_found'
  | 'message_not_found'
  | 'memory_not_found'
  | 'person_model_not_found'
  | 'gallery_image_not_found'
  | 'image_not_found'
  | 'portrait_not_found'
  | 'batch_not_found'
  | 'saved_auth_not_found'
  | 'timer_not_found'
  | 'order_not_found'
  | 'card_not_found'
  | 'subscription_not_found'
  | 'unknown_product'
  | 'unknown_provider'
  | 'unknown_funnel'
  | 'no_character'
  | 'no_subscription'
  | 'no_card'
  // Conflicts and states
  | 'conflict'
  | 'already_exists'
  | 'timer_exists'
  | 'terms_not_accepted'
  | 'daily_tokens_disabled'
  | 'subscription_ended'
  | 'card_too_large'
  | 'card_malformed'
  | 'card_unsupported'
  | 'foreign_return_url'
  | 'invalid_signature'
  | 'chat_locked'
  | 'not_locked'
  | 'already_unlocked'
  | 'premium_model'
  | 'not_premium'
  | 'bonus_already_claimed'
  | 'batch_id_taken'
  | 'request_id_taken'
  | 'request_in_progress'
  | 'image_engine_failed'
  // Money
  | 'insufficient_tokens'
  | 'provider_unavailable'
  | 'already_subscribed'
  | 'offer_used'
  | 'consent_required'
  | 'wrong_checkout'
  | 'wrong_provider'
  | 'idempotency_key_reused'
  | 'idempotency_in_progress'
  | 'order_closed'
  // Ops: the registry's refusals, answered by the ops routes as they are
  | RegistryErrorCode
  // The server
  | 'internal_error';

/**
 * The JSON body of every API error: `field` names the input that was wrong; a 402 (`insufficient_tokens`) adds
 * `required`, the tokens the refused action costs, so every client answers a short balance the same way.
 */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; field?: string; required?: number };
}

/** Stable codes for everything the registry refuses (the CLI prints the message and exits non-zero; ops answers them). */
export type RegistryErrorCode =
  | 'invalid_name'
  | 'invalid_version'
  | 'unknown_remote'
  | 'unknown_version'
  | 'missing_build'
  | 'invalid_build'
  | 'version_conflict'
  | 'no_previous_version'
  | 'corrupt_registry'
  | 'build_failed'
  | 'invalid_path'
  | 'store_unavailable'
  | 'contract_mismatch'
  | 'route_conflict'
  | 'invalid_percent'
  | 'smoke_failed';
