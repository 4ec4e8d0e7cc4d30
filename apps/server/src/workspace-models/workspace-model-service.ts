import {
  type TWorkspaceModelFigures,
  type TWorkspaceModelKind,
  type TWorkspaceModelStatus,
  WorkspaceModelKind,
  WorkspaceModelLimits,
  WorkspaceModelMessages,
  WorkspaceModelState,
} from '@parsedesk/contracts'
import type { TAuth } from '../accounts/auth-context'
import type { TLog } from '../core/logger'
import type { TQueryable } from '../db/database'
import type { TJobQueue } from '../jobs/job-queue'
import { findLatestJobs, LIVE_JOB_STATES } from '../jobs/queued-jobs'
import { requireManager, requireMember } from '../teams/workspace-access'
import { countCorrections, readLabelledTickets } from './labelled-tickets'
import { learnFromCorrectionsJob } from './learn-from-corrections.job'
import { rulesPriorityOf } from './rules-priority'
import { trainWorkspaceModel } from './train-workspace-model'
import {
  findModelSummary,
  findWorkspacesDueForTraining,
  saveWorkspaceModel,
} from './workspace-model-repository'

const KINDS = Object.values(WorkspaceModelKind)

/** A model's status with what it learnt as plain labels; the routes name them (categories, priorities). */
type TModelStatus = Omit<TWorkspaceModelStatus, 'trained'> & {
  trained: null | (TWorkspaceModelFigures & { labels: string[] })
}

/** Training the workspaces' models (the worker's job) and what members read and ask of them. */
export function createWorkspaceModelService(deps: { db: TQueryable; queue?: TJobQueue; log: TLog }) {
  const { db } = deps

  async function trainKind(teamId: string, kind: TWorkspaceModelKind): Promise<void> {
    const corrections = await countCorrections(db, { teamId, kind, since: null })
    const started = Date.now()
    const labelled = await readLabelledTickets(db, teamId, kind)
    // The priority rules are what a priority model must beat: ranked now, not as the ticket was analysed,
    // which a workspace model in use may have ranked (the category model compares with the analysis's).
    const compared =
      kind === WorkspaceModelKind.priority
        ? labelled.map((ticket) => ({ ...ticket, analysed: rulesPriorityOf(ticket) }))
        : labelled
    const training = trainWorkspaceModel(compared, kind)
    if (!training) return
    await saveWorkspaceModel(db, { teamId, kind, training, corrections: corrections.total })
    deps.log(
      `workspace ${teamId}: ${kind} model trained on ${training.examples} tickets in ${Date.now() - started} ms; on the ${training.heldOut} newest, shipped ${percent(training.shippedAccuracy)}, workspace ${percent(training.workspaceAccuracy)}`,
    )
  }

  /** Both of the workspace's models, each from the tickets labelled for it. */
  async function train(teamId: string): Promise<void> {
    for (const kind of KINDS) await trainKind(teamId, kind)
  }

  return {
    train,

    async trainDue(): Promise<void> {
      for (const kind of KINDS) {
        const due = await findWorkspacesDueForTraining(db, {
          kind,
          threshold: WorkspaceModelLimits.correctionsToTrain,
        })
        for (const teamId of due) {
          await trainKind(teamId, kind).catch((error: unknown) =>
            deps.log(`workspace ${teamId}: training its ${kind} model failed`, error),
          )
        }
      }
    },

    async status(auth: TAuth, teamId: string, kind: TWorkspaceModelKind): Promise<TModelStatus> {
      requireMember(auth, teamId)
      const summary = await findModelSummary(db, { teamId, kind })
      const corrections = await countCorrections(db, { teamId, kind, since: summary?.trainedAt ?? null })
      const jobs = await findLatestJobs({ db, queue: learnFromCorrectionsJob.id, keys: [teamId] })
      const job = jobs.get(teamId)
      return {
        state: !summary
          ? WorkspaceModelState.learning
          : summary.inUse
            ? WorkspaceModelState.inUse
            : WorkspaceModelState.notBetter,
        corrections: corrections.total,
        correctionsSinceTraining: corrections.since,
        trained: summary && {
          at: summary.trainedAt.toISOString(),
          examples: summary.examples,
          heldOut: summary.heldOut,
          shippedAccuracy: summary.shippedAccuracy,
          workspaceAccuracy: summary.workspaceAccuracy,
          labels: summary.labels,
        },
        training: job !== undefined && LIVE_JOB_STATES.has(job.state),
      }
    },

    /** A manager's "Retrain now" (of both models: one job): queued for the worker, never in the request. */
    async requestTraining(auth: TAuth, teamId: string, kind: TWorkspaceModelKind): Promise<TModelStatus> {
      requireManager(auth, teamId, WorkspaceModelMessages.managersOnly)
      if (!deps.queue) throw new Error('no job queue in this process')
      await deps.queue.enqueue(learnFromCorrectionsJob, { teamId })
      return this.status(auth, teamId, kind)
    },
  }
}

const percent = (share: number) => `${Math.round(share * 100)}%`

export type TWorkspaceModelService = ReturnType<typeof createWorkspaceModelService>
