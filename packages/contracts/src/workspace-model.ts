import type { TTicketPriority } from './ticket-priorities'

/**
 * The workspace's own category and priority models, learnt from its members' corrections (issue 28 item
 * 4). The shipped model (the priority rules, for priority) stays the fall-back until the workspace's is
 * better on the workspace's most recent tickets.
 */
export const WorkspaceModelKind = { category: 'category', priority: 'priority' } as const
export type TWorkspaceModelKind = (typeof WorkspaceModelKind)[keyof typeof WorkspaceModelKind]

export const WorkspaceModelLimits = {
  /** Member corrections (of that model's field) before a first model is trained, and between two trainings. */
  correctionsToTrain: 20,
  /** A category (a new one included) or a priority needs this many examples to be learnt. */
  examplesPerCategory: 10,
  /** The newest labelled tickets read for one training. */
  maxExamples: 5_000,
  /** The newest share of the labelled tickets, kept out of training to compare both models on. */
  heldOutShare: 0.2,
  /** Below this confidence the workspace model leaves the shipped model's category. */
  minConfidence: 0.5,
} as const

export const WorkspaceModelState = {
  /** Not enough corrections yet. */
  learning: 'learning',
  /** Trained, and better than the shipped model on the recent tickets: new tickets use it. */
  inUse: 'in-use',
  /** Trained, but no better than the shipped model: the shipped model stays. */
  notBetter: 'not-better',
} as const
export type TWorkspaceModelState = (typeof WorkspaceModelState)[keyof typeof WorkspaceModelState]

/** A trained model's figures against the shipped one. */
export type TWorkspaceModelFigures = {
  at: string
  /** Tickets it learnt from, and the recent ones both models were compared on. */
  examples: number
  heldOut: number
  /** Share of the held-out tickets each model filed as the team did, 0 to 1. */
  shippedAccuracy: number
  workspaceAccuracy: number
}

/** What members read of one of their workspace's models. */
type TModelStatus<TTrained> = {
  state: TWorkspaceModelState
  /** Member corrections of the model's field so far, and since the last training. */
  corrections: number
  correctionsSinceTraining: number
  /** Null until a model was trained. */
  trained: null | (TWorkspaceModelFigures & TTrained)
  /** A training (of both models: one job) is waiting or running. */
  training: boolean
}

/** The workspace's category model; `categories`: the keys it learnt. */
export type TWorkspaceModelStatus = TModelStatus<{ categories: string[] }>

/** The workspace's priority model; `priorities`: the priorities it learnt. */
export type TPriorityModelStatus = TModelStatus<{ priorities: TTicketPriority[] }>

export const WorkspaceModelMessages = {
  managersOnly: "Only owners and admins retrain the workspace's models",
  learnt: (percent: number) => `learnt from this workspace's corrections, ${percent}% confident`,
  /** The priority reason of a priority the workspace's model chose (a reason completes "the ticket:"). */
  learntPriority: (priority: TTicketPriority, percent: number) =>
    `is like the tickets this workspace's agents set to ${priority} (learnt from their corrections, ${percent}% confident)`,
} as const
