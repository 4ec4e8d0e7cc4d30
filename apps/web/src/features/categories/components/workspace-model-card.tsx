import {
  type TPriorityModelStatus,
  type TWorkspaceModelStatus,
  WorkspaceModelLimits,
  WorkspaceModelState,
} from '@parsedesk/contracts'
import { RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { formatTicketDate } from '@/lib/format-date'
import { notifyError } from '@/lib/notify'
import { useCategoryName, usePriorityModel, useRetrainWorkspaceModel, useWorkspaceModel } from '../queries'

const percent = (share: number) => `${Math.round(share * 100)}%`

type TModelStatus = TWorkspaceModelStatus | TPriorityModelStatus

// What each model decides and what decides it until the workspace's is better.
const MODEL_WORDS = {
  category: { field: 'category', shipped: 'shipped model', shippedVerb: 'keeps filing' },
  priority: { field: 'priority', shipped: 'priority rules', shippedVerb: 'keep ranking' },
} as const

function stateSentence(status: TModelStatus, kind: keyof typeof MODEL_WORDS): string {
  const words = MODEL_WORDS[kind]
  if (status.state === WorkspaceModelState.inUse) {
    return `In use: new tickets get the ${words.field} this workspace taught it, where it is confident.`
  }
  if (status.state === WorkspaceModelState.notBetter) {
    return `Not in use: it is no better than the ${words.shipped} on your newest tickets, which ${words.shippedVerb} them.`
  }
  const missing = Math.max(WorkspaceModelLimits.correctionsToTrain - status.corrections, 0)
  return missing > 0
    ? `Learning: ${missing} more corrections of a ticket's ${words.field} before a first training.`
    : 'Learning: enough corrections for a first training, which runs within ten minutes.'
}

/** One model's state and figures against what decides without it. */
function ModelFigures(props: {
  kind: keyof typeof MODEL_WORDS
  status: TModelStatus
  /** What it learnt, in the workspace's words. */
  learnt: string[]
}) {
  const { status } = props
  const words = MODEL_WORDS[props.kind]
  return (
    <section aria-label={`${words.field} model`} className="grid gap-2">
      <h3 className="font-medium capitalize">{words.field}</h3>
      <p>{stateSentence(status, props.kind)}</p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Corrections</dt>
        <dd>
          {status.corrections} in all, {status.correctionsSinceTraining} since the last training
        </dd>
        {status.trained && (
          <>
            <dt className="text-muted-foreground">Trained</dt>
            <dd>
              {formatTicketDate(status.trained.at)} on {status.trained.examples} tickets
            </dd>
            <dt className="text-muted-foreground">On the {status.trained.heldOut} newest</dt>
            <dd>
              {words.shipped} {percent(status.trained.shippedAccuracy)} right, this workspace's{' '}
              {percent(status.trained.workspaceAccuracy)}
            </dd>
            <dt className="text-muted-foreground">Learnt</dt>
            <dd>{props.learnt.join(', ')}</dd>
          </>
        )}
      </dl>
    </section>
  )
}

/**
 * The workspace's own category and priority models (decisions 059 and 066): what its members' corrections
 * taught each, and how each does against the shipped model or the priority rules on the newest tickets.
 * Owners and admins retrain both at once.
 */
export function WorkspaceModelCard({ teamId, canManage }: { teamId: string; canManage: boolean }) {
  const model = useWorkspaceModel(teamId)
  const priorityModel = usePriorityModel(teamId)
  const retrain = useRetrainWorkspaceModel(teamId)
  const nameOf = useCategoryName(teamId)
  const status = model.data
  const priority = priorityModel.data
  const error = model.error ?? priorityModel.error

  return (
    <Card>
      <CardHeader>
        <CardTitle>Learning from your team</CardTitle>
        <CardDescription>
          When members change a ticket's category or priority, the workspace's own models learn from it, new
          categories included once they have {WorkspaceModelLimits.examplesPerCategory} tickets. The shipped
          model and the priority rules stay in use until yours are better.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {error && (
          <p role="alert" className="text-destructive">
            Could not load the models: {getErrorMessage(error)}
          </p>
        )}
        {(!status || !priority) && !error && (
          <p className="flex items-center gap-2 text-muted-foreground">
            <Spinner />
            Loading the models...
          </p>
        )}
        {status && priority && (
          <>
            <ModelFigures
              kind="category"
              status={status}
              learnt={status.trained?.categories.map(nameOf) ?? []}
            />
            <ModelFigures kind="priority" status={priority} learnt={priority.trained?.priorities ?? []} />
            {canManage && (
              <div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={retrain.isPending || status.training}
                  onClick={() =>
                    retrain.mutateAsync().catch((error: unknown) =>
                      notifyError({
                        title: 'Could not start the training',
                        description: getErrorMessage(error),
                      }),
                    )
                  }
                >
                  {status.training ? <Spinner /> : <RefreshCw aria-hidden="true" />}
                  {status.training ? 'Training...' : 'Retrain now'}
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
