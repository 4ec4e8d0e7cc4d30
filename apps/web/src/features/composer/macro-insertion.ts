import {
  renderMacro,
  type TMacro,
  type TMacroContext,
  type TMacroTicketChanges,
  type TTicketStatus,
} from '@parsedesk/contracts'

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/**
 * A macro's rendered text as the editor's content: a paragraph per blank-line-separated block, a line
 * break per single newline, every character escaped (a macro's text is text, never markup).
 */
export function macroTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .filter((block) => block.trim() !== '')
    .map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('')
}

/** What inserting a macro puts in the composer: its HTML, and the placeholders it could not fill. */
export function insertMacro(
  macro: Pick<TMacro, 'body' | 'actions'>,
  context: TMacroContext,
): { html: string; unresolved: string[] } {
  const rendered = renderMacro(macro, context)
  return { html: macroTextToHtml(rendered.body), unresolved: rendered.unresolved }
}

/**
 * What a send does to the ticket, from the button pressed and the macro inserted: the button's status
 * wins over the macro's (the agent chose it last), tags and assignee come from the macro, computed on the
 * ticket as it is when sent.
 */
export function changesOnSend(options: {
  buttonStatus: TTicketStatus | undefined
  macro: Pick<TMacro, 'actions'> | null
  context: TMacroContext
}): { status: TTicketStatus | undefined; ticket: Omit<TMacroTicketChanges, 'status'> } {
  const changes = options.macro
    ? renderMacro({ body: '', actions: options.macro.actions }, options.context).changes
    : {}
  const { status: macroStatus, ...ticket } = changes
  return { status: options.buttonStatus ?? macroStatus, ticket }
}

/** The placeholders a canned reply left unfilled that are still in the text: the send waits for them. */
export function unfilledPlaceholders(text: string, unresolved: readonly string[]): string[] {
  return unresolved.filter((name) =>
    new RegExp(`\\{\\{\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\}\\}`).test(text),
  )
}
