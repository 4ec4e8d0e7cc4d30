import { type TWorkspaceModelKind, WorkspaceModelLimits } from '@parsedesk/contracts'
import { createClassifier, type TTextClassifier } from '../analysis/model/classifier'
import type { TModelFile } from '../analysis/model/model-file'
import { trainClassifier } from '../analysis/model/train-classifier'
import type { TLabelledTicket } from './labelled-tickets'

// A workspace learns from hundreds of tickets, not the shipped model's tens of thousands: fewer slots
// keep its file small (it is stored per workspace and read by every worker) with room for its words.
const WORKSPACE_HASH_BITS = 16

export type TWorkspaceTraining = {
  file: TModelFile
  examples: number
  heldOut: number
  shippedAccuracy: number
  workspaceAccuracy: number
  /** The categories (or priorities) it learnt. */
  labels: string[]
}

/** What the workspace model gives a text: its category (or priority) when confident enough, else nothing. */
export function workspaceLabelOf(classifier: TTextClassifier, text: string): string | null {
  const prediction = classifier.classify({ text })
  return prediction.confidence >= WorkspaceModelLimits.minConfidence ? prediction.label : null
}

/**
 * Trains on the older labelled tickets and compares both models on the newest ones (held out): the
 * shipped model by what the analysis chose for them, the workspace's by what it would choose, falling back
 * to the analysis's choice where it is not confident, as it does on new tickets. Categories with too few
 * examples are left out of the training (their tickets still count in the comparison). Null when fewer
 * than two categories (or priorities) can be learnt.
 */
export function trainWorkspaceModel(
  labelled: readonly TLabelledTicket[],
  kind: TWorkspaceModelKind,
): TWorkspaceTraining | null {
  const newestFirst = [...labelled].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
  const heldOutCount = Math.floor(newestFirst.length * WorkspaceModelLimits.heldOutShare)
  const heldOut = newestFirst.slice(0, heldOutCount)
  const train = newestFirst.slice(heldOutCount)
  const counts = new Map<string, number>()
  for (const ticket of train) counts.set(ticket.label, (counts.get(ticket.label) ?? 0) + 1)
  const learnable = new Set(
    [...counts].filter(([, count]) => count >= WorkspaceModelLimits.examplesPerCategory).map(([key]) => key),
  )
  if (learnable.size < 2) return null
  const { file } = trainClassifier({
    examples: train
      .filter((ticket) => learnable.has(ticket.label))
      // A correction is the team saying the shipped model was wrong: it weighs more than a confirmation.
      .map((ticket) => ({ text: ticket.text, label: ticket.label, weight: ticket.corrected ? 2 : 1 })),
    features: { hashBits: WORKSPACE_HASH_BITS },
    holdoutFraction: 0,
    source: { name: 'workspace corrections', textColumns: ['subject', 'body'], labelColumn: kind },
  })
  const classifier = createClassifier({ file })
  const share = (hits: number) => (heldOut.length === 0 ? 0 : hits / heldOut.length)
  const shippedHits = heldOut.filter((ticket) => ticket.analysed === ticket.label).length
  const workspaceHits = heldOut.filter(
    (ticket) => (workspaceLabelOf(classifier, ticket.text) ?? ticket.analysed) === ticket.label,
  ).length
  return {
    file,
    examples: train.length,
    heldOut: heldOut.length,
    shippedAccuracy: share(shippedHits),
    workspaceAccuracy: share(workspaceHits),
    labels: [...learnable].sort(),
  }
}
