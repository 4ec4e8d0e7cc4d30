/**
 * Appwrite's error types that our server answers with. The SDK surfaces `type` on AppwriteException,
 * so these strings are part of the API, not labels of our own.
 */
export const ErrorType = {
  generalUnauthorizedScope: 'general_unauthorized_scope',
  generalArgumentInvalid: 'general_argument_invalid',
  generalQueryInvalid: 'general_query_invalid',
  generalRouteNotFound: 'general_route_not_found',
  generalRateLimitExceeded: 'general_rate_limit_exceeded',
  generalServerError: 'general_server_error',
  generalAccessForbidden: 'general_access_forbidden',
  generalPayloadTooLarge: 'storage_file_too_large',
  userAlreadyExists: 'user_already_exists',
  userInvalidCredentials: 'user_invalid_credentials',
  userSessionAlreadyExists: 'user_session_already_exists',
  userSessionNotFound: 'user_session_not_found',
  userUnauthorized: 'user_unauthorized',
  userPasswordLength: 'user_password_length',
  passwordPersonalData: 'password_personal_data',
  userBlocked: 'user_blocked',
  userInvalidToken: 'user_invalid_token',
  userOauthFailed: 'user_oauth2_provider_error',
  projectUnknown: 'project_unknown',
  documentNotFound: 'document_not_found',
  documentInvalidStructure: 'document_invalid_structure',
  documentAlreadyExists: 'document_already_exists',
  /** The change conflicts with the document's state (a reply to a merged ticket, to a bounced address). */
  documentUpdateConflict: 'document_update_conflict',
  collectionNotFound: 'collection_not_found',
  databaseNotFound: 'database_not_found',
  /** A list's statements ran longer than the server allows one request (Postgres cancelled them). */
  databaseTimeout: 'database_timeout',
  storageFileNotFound: 'storage_file_not_found',
  storageBucketNotFound: 'storage_bucket_not_found',
  teamNotFound: 'team_not_found',
  teamAlreadyExists: 'team_already_exists',
  membershipNotFound: 'membership_not_found',
  teamInviteAlreadyExists: 'team_invite_already_exists',
  teamInvalidSecret: 'team_invalid_secret',
  teamInviteMismatch: 'team_invite_mismatch',
} as const
export type TErrorType = (typeof ErrorType)[keyof typeof ErrorType]

export type TAppwriteErrorBody = { message: string; code: number; type: TErrorType; version: string }
