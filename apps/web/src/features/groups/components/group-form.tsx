import { GroupLimits, ZGroupUpdate } from '@parsedesk/contracts'
import { Save } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { type TGroupDocument, type TGroupMember, useSaveGroup } from '../queries'

type TGroupFormProps = {
  teamId: string
  members: TGroupMember[]
  /** The group to change; a new one when absent. */
  group?: TGroupDocument
  onDone?: () => void
}

/** A group's name, description and members, checked as the server checks them. */
export function GroupForm({ teamId, members, group, onDone }: TGroupFormProps) {
  const id = useId()
  const save = useSaveGroup()
  const [name, setName] = useState(group?.name ?? '')
  const [description, setDescription] = useState(group?.description ?? '')
  const [memberIds, setMemberIds] = useState<string[]>(group?.memberIds ?? [])
  const [problem, setProblem] = useState<string>()

  const toggle = (userId: string, isOn: boolean) =>
    setMemberIds((ids) => (isOn ? [...ids, userId] : ids.filter((other) => other !== userId)))

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = ZGroupUpdate.required().safeParse({ name, description, memberIds })
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message)
      return
    }
    setProblem(undefined)
    try {
      await save.mutateAsync({ teamId, groupId: group?.$id, group: parsed.data })
    } catch (error) {
      setProblem(getErrorMessage(error))
      notifyError({ title: 'Could not save the group', description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: group ? 'Group saved' : 'Group created', description: parsed.data.name })
    if (!group) {
      setName('')
      setDescription('')
      setMemberIds([])
    }
    onDone?.()
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-3"
      aria-label={group ? `Edit group ${group.name}` : 'New group'}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>Group name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={GroupLimits.name}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Input
          id={`${id}-description`}
          value={description}
          maxLength={GroupLimits.description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Members</legend>
        {members.map((member) => (
          <label key={member.userId} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={memberIds.includes(member.userId)}
              onChange={(event) => toggle(member.userId, event.target.checked)}
            />
            <span className="break-all">{member.name}</span>
          </label>
        ))}
      </fieldset>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="w-fit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
          {save.isPending ? 'Saving...' : group ? 'Save group' : 'Create group'}
        </Button>
        {onDone && group && (
          <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}
