import type { TQueryable } from '../db/database'
import type { TCustomFieldDefinition } from '../tickets/ticket-custom-fields'
import {
  listCustomFieldDefinitions,
  listEnabledTemplates,
  readExtractionVersions,
  type TTemplateRow,
} from './template-repository'

/** What extraction needs of a workspace: its enabled templates in order, its custom fields by key. */
export type TWorkspaceTemplates = {
  templates: readonly TTemplateRow[]
  definitions: ReadonlyMap<string, TCustomFieldDefinition>
}

type TCached = TWorkspaceTemplates & { version: string }

/** Workspaces kept at most; beyond it the least recently read is dropped (and read again when it mails). */
const MAX_CACHED_WORKSPACES = 1000

/**
 * The workspaces' templates and custom fields, kept per workspace in this process and read again only when
 * the workspace's version (`readExtractionVersions`) moved, so a batch pays one small statement instead of
 * reading and parsing every template. The version is read in the batch's transaction from the tables
 * themselves: an edit made by another process (the http role, while the worker ingests) is seen by the
 * first batch that starts after its commit, with no message between the processes to lose.
 */
export function createExtractionCache(maxWorkspaces = MAX_CACHED_WORKSPACES) {
  const cached = new Map<string, TCached>()

  function keep(teamId: string, entry: TCached): void {
    cached.delete(teamId)
    cached.set(teamId, entry)
    if (cached.size > maxWorkspaces) {
      const oldest = cached.keys().next().value
      if (oldest !== undefined) cached.delete(oldest)
    }
  }

  /** The workspaces among these that have enabled templates, with them and their custom fields. */
  async function read(tx: TQueryable, teamIds: readonly string[]): Promise<Map<string, TWorkspaceTemplates>> {
    const versions = await readExtractionVersions(tx, teamIds)
    const current = new Map<string, TCached>()
    const stale: string[] = []
    for (const [teamId, version] of versions) {
      const entry = cached.get(teamId)
      if (entry?.version === version) current.set(teamId, entry)
      else stale.push(teamId)
    }
    if (stale.length > 0) {
      const templates = await listEnabledTemplates(tx, stale)
      const definitions = await listCustomFieldDefinitions(tx, stale)
      for (const teamId of stale) {
        current.set(teamId, {
          version: versions.get(teamId) ?? '',
          templates: templates.filter((template) => template.teamId === teamId),
          definitions: definitions.get(teamId) ?? new Map(),
        })
      }
    }
    const found = new Map<string, TWorkspaceTemplates>()
    for (const [teamId, entry] of current) {
      keep(teamId, entry)
      if (entry.templates.length > 0) found.set(teamId, entry)
    }
    return found
  }

  return { read }
}
