import { PROJECT_ID_DEFAULT } from '@parsedesk/contracts'

/**
 * The server writes the project id into index.html; under `vite dev` the placeholder stays as it is,
 * so anything still shaped like `%NAME%` means "not injected" and the server's default applies.
 */
export function readProjectId(content: string | null | undefined): string {
  if (!content || /^%.*%$/.test(content)) return PROJECT_ID_DEFAULT
  return content
}
