/** The server's default PROJECT_ID ('@parsedesk/contracts' PROJECT_ID_DEFAULT; a test keeps them equal). */
export const FALLBACK_PROJECT_ID = 'parsedesk'

/**
 * The server writes the project id into index.html; under `vite dev` the placeholder stays as it is,
 * so anything still shaped like `%NAME%` means "not injected".
 */
export function readProjectId(content: string | null | undefined): string {
  if (!content || /^%.*%$/.test(content)) return FALLBACK_PROJECT_ID
  return content
}
