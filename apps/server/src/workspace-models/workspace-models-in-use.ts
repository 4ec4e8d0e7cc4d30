import type { TWorkspaceModelKind } from '@parsedesk/contracts'
import { createClassifier, type TTextClassifier } from '../analysis/model/classifier'
import type { TQueryable } from '../db/database'
import { findModelVersionsInUse, readModelFile } from './workspace-model-repository'

/** A workspace's own models in use, by kind: each only while it beats the shipped one. */
export type TWorkspaceClassifiers = Partial<Record<TWorkspaceModelKind, TTextClassifier>>

type TCached = { version: string; classifier: TTextClassifier }

// Decoded models by workspace and kind: a batch reads only which versions are in use, and the weights
// once per training. Bounded by the number of workspaces' models that beat the shipped ones.
const decoded = new Map<string, TCached>()

/**
 * The classifiers in use in these workspaces, by workspace id: one statement for the batch, plus one per
 * model this process has not decoded yet since its last training.
 */
export async function workspaceModelsInUse(
  db: TQueryable,
  teamIds: string[],
): Promise<Map<string, TWorkspaceClassifiers>> {
  const models = new Map<string, TWorkspaceClassifiers>()
  for (const { teamId, kind, version } of await findModelVersionsInUse(db, teamIds)) {
    const key = `${teamId}/${kind}`
    let cached = decoded.get(key)
    if (cached?.version !== version) {
      const file = await readModelFile(db, { teamId, kind, version })
      if (!file) continue
      cached = { version, classifier: createClassifier({ file }) }
      decoded.set(key, cached)
    }
    models.set(teamId, { ...models.get(teamId), [kind]: cached.classifier })
  }
  return models
}
