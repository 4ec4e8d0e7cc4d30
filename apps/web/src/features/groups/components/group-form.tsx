import { zodResolver } from '@hookform/resolvers/zod'
import { GroupLimits, ZGroupUpdate } from '@parsedesk/contracts'
import { Save } from 'lucide-react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
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

/** A group's fields with the server's rules and messages. */
const ZGroupForm = ZGroupUpdate.required()
type TGroupForm = z.input<typeof ZGroupForm>
const EMPTY_GROUP: TGroupForm = { name: '', description: '', memberIds: [] }

/** A group's name, description and members, checked as the server checks them. */
export function GroupForm({ teamId, members, group, onDone }: TGroupFormProps) {
  const save = useSaveGroup()
  const form = useForm<TGroupForm, unknown, z.output<typeof ZGroupForm>>({
    resolver: zodResolver(ZGroupForm),
    defaultValues: group
      ? { name: group.name, description: group.description, memberIds: group.memberIds }
      : EMPTY_GROUP,
  })
  const problem = form.formState.errors.root?.message

  const submit = form.handleSubmit(async (saved) => {
    try {
      await save.mutateAsync({ teamId, groupId: group?.$id, group: saved })
    } catch (error) {
      form.setError('root', { message: getErrorMessage(error) })
      notifyError({ title: 'Could not save the group', description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: group ? 'Group saved' : 'Group created', description: saved.name })
    if (!group) form.reset(EMPTY_GROUP)
    onDone?.()
  })

  return (
    <Form {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-3"
        aria-label={group ? `Edit group ${group.name}` : 'New group'}
      >
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>Group name</FormLabel>
              <FormControl>
                <Input maxLength={GroupLimits.name} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>Description</FormLabel>
              <FormControl>
                <Input maxLength={GroupLimits.description} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="memberIds"
          render={({ field }) => (
            <fieldset className="grid gap-1.5">
              <legend className="mb-1.5 text-sm font-medium">Members</legend>
              {members.map((member) => (
                <label key={member.userId} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={field.value.includes(member.userId)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? [...field.value, member.userId]
                          : field.value.filter((other) => other !== member.userId),
                      )
                    }
                  />
                  <span className="break-all">{member.name}</span>
                </label>
              ))}
            </fieldset>
          )}
        />
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
    </Form>
  )
}
