/**
 * The Teams API's largest page. It is TeamLimits.workspacesPerUser too (a test holds it), so one page holds
 * anyone's workspaces; the limit lives in a zod-backed module the header must not import.
 */
export const TEAMS_PAGE = 100

/**
 * The workspace shown: the one chosen last on this browser when the user still belongs to it, else their
 * first. Undefined while there is none (the list is loading).
 */
export function pickCurrentWorkspace<TWorkspace extends { $id: string }>(
  workspaces: readonly TWorkspace[] | undefined,
  chosenId: string | null,
): TWorkspace | undefined {
  if (!workspaces?.length) return undefined
  return workspaces.find((workspace) => workspace.$id === chosenId) ?? workspaces[0]
}

/** Each account on a shared browser keeps its own choice. */
export function chosenWorkspaceKey(userId: string): string {
  return `parsedesk.workspace.${userId}`
}
