import { ErrorType } from '@parsedesk/contracts'
import { AppError } from '../core/app-error'

export const DOCUMENT_PERMISSION_ACTIONS = ['read', 'update', 'delete'] as const
export type TPermissionAction = (typeof DOCUMENT_PERMISSION_ACTIONS)[number]

export type TPermission = { action: TPermissionAction; role: string }

const PERMISSION_PATTERN = /^(read|create|update|delete|write)\("([^"]+)"\)$/
const ROLE_PATTERN =
  /^(any|guests|users(\/(verified|unverified))?|user:[a-zA-Z0-9._-]{1,36}(\/(verified|unverified))?|team:[a-zA-Z0-9._-]{1,36}(\/[a-zA-Z0-9._-]{1,36})?|member:[a-zA-Z0-9._-]{1,36}|label:[a-zA-Z0-9]{1,36})$/

/** Parses `read("user:1")`-style strings; `write` means update and delete, as in Appwrite. */
export function parsePermissions(input: unknown): TPermission[] {
  if (!Array.isArray(input))
    throw AppError.invalid('Invalid `permissions` param: Value must be a valid array')
  if (input.length > 100) throw AppError.invalid('Invalid `permissions` param: at most 100 permissions')
  const parsed: TPermission[] = []
  for (const item of input) {
    const match = typeof item === 'string' ? PERMISSION_PATTERN.exec(item) : null
    if (!match)
      throw AppError.invalid(`Invalid \`permissions\` param: ${JSON.stringify(item)} is not a permission`)
    const [, action, role] = match as unknown as [string, string, string]
    if (!ROLE_PATTERN.test(role))
      throw AppError.invalid(`Invalid \`permissions\` param: unknown role "${role}"`)
    if (action === 'create') {
      throw AppError.invalid(
        'Invalid `permissions` param: "create" is granted per collection, not per document',
      )
    }
    const actions: TPermissionAction[] =
      action === 'write' ? ['update', 'delete'] : [action as TPermissionAction]
    for (const a of actions) {
      if (!parsed.some((p) => p.action === a && p.role === role)) parsed.push({ action: a, role })
    }
  }
  return parsed
}

export function formatPermissions(permissions: TPermission[]): string[] {
  return permissions.map((p) => `${p.action}("${p.role}")`)
}

export function rolesFor(permissions: TPermission[], action: TPermissionAction): string[] {
  return permissions.filter((p) => p.action === action).map((p) => p.role)
}

/** Appwrite's rule: a caller may only grant permissions to roles it holds itself. */
export function assertGrantable(permissions: TPermission[], callerRoles: string[]): void {
  const foreign = permissions.find((p) => !callerRoles.includes(p.role))
  if (foreign) {
    throw new AppError(ErrorType.userUnauthorized, `Permissions must be one of: (${callerRoles.join(', ')})`)
  }
}

export function isAllowed(
  storedPermissions: string[],
  action: TPermissionAction,
  callerRoles: string[],
): boolean {
  return storedPermissions.some((stored) => {
    const match = PERMISSION_PATTERN.exec(stored)
    return match?.[1] === action && callerRoles.includes(match[2]!)
  })
}

/** The workspaces whose members hold `roles`: the ids of their `team:ID` roles. */
export function teamIdsOfRoles(roles: string[]): string[] {
  return roles.flatMap((role) => (role.startsWith('team:') && !role.includes('/') ? [role.slice(5)] : []))
}
