import type { TTransaction } from '../db/database'
import { createWorkspaceVersionCache } from '../db/workspace-version-cache'
import type { TCustomFieldDefinition } from '../tickets/ticket-custom-fields'
import { listCustomFieldDefinitions, listEnabledTemplates, type TTemplateRow } from './template-repository'

/** What extraction needs of a workspace: its enabled templates in order, its custom fields by key. */
export type TWorkspaceTemplates = {
  templates: readonly TTemplateRow[]
  definitions: ReadonlyMap<string, TCustomFieldDefinition>
}

/**
 * The workspaces' templates and custom fields, kept in this process while neither table changed for the
 * workspace (`workspace-version-cache.ts`).
 */
export function createExtractionCache() {
  const cache = createWorkspaceVersionCache<TWorkspaceTemplates>({
    tables: ['templates', 'custom_fields'],
    async load(tx, teamIds) {
      const templates = await listEnabledTemplates(tx, teamIds)
      const definitions = await listCustomFieldDefinitions(tx, teamIds)
      return new Map(
        teamIds.map((teamId) => [
          teamId,
          {
            templates: templates.filter((template) => template.teamId === teamId),
            definitions: definitions.get(teamId) ?? new Map(),
          },
        ]),
      )
    },
  })

  /** The workspaces among these that have enabled templates, with them and their custom fields. */
  async function read(
    tx: TTransaction,
    teamIds: readonly string[],
  ): Promise<Map<string, TWorkspaceTemplates>> {
    const found = await cache.read(tx, teamIds)
    for (const [teamId, workspace] of found) if (workspace.templates.length === 0) found.delete(teamId)
    return found
  }

  return { read }
}
