import crypto from 'node:crypto'
import type { TWorkspaceModelKind } from '@parsedesk/contracts'
import type { TModelFile } from '../analysis/model/model-file'
import type { TQueryable } from '../db/database'
import { correctionEventOf } from './labelled-tickets'
import type { TWorkspaceTraining } from './train-workspace-model'

export type TStoredModelSummary = {
  version: string
  inUse: boolean
  trainedAt: Date
  correctionsAtTraining: number
  examples: number
  heldOut: number
  shippedAccuracy: number
  workspaceAccuracy: number
  labels: string[]
}

/** Replaces the workspace's model of that kind with a new training; in use only when it beat the shipped model. */
export async function saveWorkspaceModel(
  db: TQueryable,
  options: { teamId: string; kind: TWorkspaceModelKind; training: TWorkspaceTraining; corrections: number },
): Promise<void> {
  const { training } = options
  await db.query(
    `insert into workspace_models (team_id, kind, version, model, in_use, corrections_at_training, examples,
       held_out, shipped_accuracy, workspace_accuracy, labels)
     values ($1, $11, $2, $3::jsonb, $4, $5, $6, $7, $8, $9, $10)
     on conflict (team_id, kind) do update set version = excluded.version, model = excluded.model,
       in_use = excluded.in_use, trained_at = now(),
       corrections_at_training = excluded.corrections_at_training, examples = excluded.examples,
       held_out = excluded.held_out, shipped_accuracy = excluded.shipped_accuracy,
       workspace_accuracy = excluded.workspace_accuracy, labels = excluded.labels`,
    [
      options.teamId,
      crypto.randomUUID(),
      JSON.stringify(training.file),
      training.workspaceAccuracy > training.shippedAccuracy,
      options.corrections,
      training.examples,
      training.heldOut,
      training.shippedAccuracy,
      training.workspaceAccuracy,
      training.labels,
      options.kind,
    ],
  )
}

/** The workspace's model of that kind as its status shows it, without the weights; null before a first training. */
export async function findModelSummary(
  db: TQueryable,
  options: { teamId: string; kind: TWorkspaceModelKind },
): Promise<TStoredModelSummary | null> {
  const { rows } = await db.query<{
    version: string
    in_use: boolean
    trained_at: Date
    corrections_at_training: number
    examples: number
    held_out: number
    shipped_accuracy: number
    workspace_accuracy: number
    labels: string[]
  }>(
    `select version, in_use, trained_at, corrections_at_training, examples, held_out, shipped_accuracy,
       workspace_accuracy, labels
     from workspace_models where team_id = $1 and kind = $2`,
    [options.teamId, options.kind],
  )
  const row = rows[0]
  if (!row) return null
  return {
    version: row.version,
    inUse: row.in_use,
    trainedAt: new Date(row.trained_at),
    correctionsAtTraining: row.corrections_at_training,
    examples: row.examples,
    heldOut: row.held_out,
    shippedAccuracy: Number(row.shipped_accuracy),
    workspaceAccuracy: Number(row.workspace_accuracy),
    labels: row.labels,
  }
}

/** The models in use in these workspaces, each kind's version: one small statement for a batch. */
export async function findModelVersionsInUse(
  db: TQueryable,
  teamIds: string[],
): Promise<{ teamId: string; kind: TWorkspaceModelKind; version: string }[]> {
  if (teamIds.length === 0) return []
  const { rows } = await db.query<{ team_id: string; kind: TWorkspaceModelKind; version: string }>(
    'select team_id, kind, version from workspace_models where in_use and team_id = any($1::text[])',
    [[...new Set(teamIds)]],
  )
  return rows.map((row) => ({ teamId: row.team_id, kind: row.kind, version: row.version }))
}

/** A model's weights, when that version is still the workspace's. */
export async function readModelFile(
  db: TQueryable,
  options: { teamId: string; kind: TWorkspaceModelKind; version: string },
): Promise<TModelFile | null> {
  const { rows } = await db.query<{ model: TModelFile }>(
    'select model from workspace_models where team_id = $1 and kind = $2 and version = $3',
    [options.teamId, options.kind, options.version],
  )
  return rows[0]?.model ?? null
}

/**
 * Workspaces whose members made `threshold` corrections of the model's field since its last training (or
 * ever, untrained).
 */
export async function findWorkspacesDueForTraining(
  db: TQueryable,
  options: { kind: TWorkspaceModelKind; threshold: number },
): Promise<string[]> {
  // The event's type is written in (a constant), so the statement matches its partial index of corrections.
  const { rows } = await db.query<{ team_id: string }>(
    `select e."teamId" as team_id from ticket_events e
     left join workspace_models m on m.team_id = e."teamId" and m.kind = $2
     where e."type" = '${correctionEventOf(options.kind)}' and e."actorType" = 'user'
       and e.created_at > coalesce(m.trained_at, 'epoch'::timestamptz)
     group by e."teamId" having count(*) >= $1
     order by e."teamId" limit 20`,
    [options.threshold, options.kind],
  )
  return rows.map((row) => row.team_id)
}
