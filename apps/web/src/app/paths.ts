/**
 * The app's routes. The OAuth redirects in '@parsedesk/contracts' must point at two of them (a test holds
 * them together); the contracts barrel is not imported here because it would pull zod into the first paint.
 */
export const Paths = {
  home: '/',
  auth: '/auth',
  tickets: '/tickets',
  error: '/error',
} as const
