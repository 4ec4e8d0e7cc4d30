import { AppError } from '../core/app-error'

/**
 * The address a mailed link points to: the page the client named, which must be one of our own origins
 * (the public address or CORS_ORIGINS), so our mail can never carry a secret to someone else's site, with
 * `fields` appended as query parameters.
 */
export function linkOnOrigin(options: {
  url: string
  allowedOrigins: Set<string>
  fields: Record<string, string>
  foreignMessage: string
}): string {
  let link: URL
  try {
    link = new URL(options.url)
  } catch {
    throw AppError.invalid(options.foreignMessage)
  }
  if (!options.allowedOrigins.has(link.origin)) throw AppError.invalid(options.foreignMessage)
  for (const [name, value] of Object.entries(options.fields)) link.searchParams.set(name, value)
  return link.toString()
}
