import { isoDate } from '../core/iso-date'
import type { TUserRow } from './users-repository'

/** The Account model of the Appwrite API, plus our trial dates in prefs-free fields of their own. */
export function toAccountModel(user: TUserRow) {
  return {
    $id: user.id,
    $createdAt: isoDate(user.created_at),
    $updatedAt: isoDate(user.updated_at),
    name: user.name,
    registration: isoDate(user.registration),
    status: user.status,
    labels: user.labels,
    passwordUpdate: isoDate(user.password_update),
    email: user.email,
    phone: '',
    emailVerification: user.email_verification,
    phoneVerification: false,
    mfa: false,
    prefs: user.prefs,
    targets: [],
    accessedAt: isoDate(user.accessed_at),
    trialStartedAt: isoDate(user.trial_started_at),
    trialEndsAt: isoDate(user.trial_ends_at),
  }
}
export type TAccountModel = ReturnType<typeof toAccountModel>
