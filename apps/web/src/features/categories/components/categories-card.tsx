import { CategoryMessages, TicketCategoryLimits, type TTicketCategory } from '@parsedesk/contracts'
import { Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { getErrorMessage } from '@/lib/errors'
import { notifyError } from '@/lib/notify'
import { addCategory, isRequiredCategory, removeCategory, renameCategory } from '../category-list'
import { useSaveCategories, useWorkspaceCategories } from '../queries'

type TCategoriesCardProps = {
  teamId: string
  /** Owners and admins change the list; agents read it (the server enforces it). */
  canManage: boolean
}

type TDraft = { name: string; description: string }

function CategoryFields({
  draft,
  onChange,
  submitLabel,
  isSaving,
  onSubmit,
  onCancel,
}: {
  draft: TDraft
  onChange: (draft: TDraft) => void
  submitLabel: string
  isSaving: boolean
  onSubmit: () => void
  onCancel?: () => void
}) {
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (draft.name.trim()) onSubmit()
  }
  return (
    <form className="grid gap-2" onSubmit={submit}>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          value={draft.name}
          maxLength={TicketCategoryLimits.name}
          required
          onChange={(event) => onChange({ ...draft, name: event.target.value })}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-description`}>What belongs there</Label>
        <Textarea
          id={`${id}-description`}
          value={draft.description}
          maxLength={TicketCategoryLimits.description}
          rows={2}
          onChange={(event) => onChange({ ...draft, description: event.target.value })}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={isSaving || !draft.name.trim()}>
          {isSaving && <Spinner />}
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}

/**
 * The workspace's ticket categories (decision 020): owners and admins rename, add and remove them; a
 * removed category's tickets go to Other; "Other" and spam stay (they may be renamed).
 */
export function CategoriesCard({ teamId, canManage }: TCategoriesCardProps) {
  const categories = useWorkspaceCategories(teamId)
  const save = useSaveCategories(teamId)
  const [editing, setEditing] = useState<{ key: string; draft: TDraft } | null>(null)
  const [removing, setRemoving] = useState<string | null>(null)
  const [added, setAdded] = useState<TDraft>({ name: '', description: '' })

  const saveList = async (list: TTicketCategory[]): Promise<boolean> => {
    try {
      await save.mutateAsync(list)
      return true
    } catch (error) {
      notifyError({ title: 'Could not save the categories', description: getErrorMessage(error) })
      return false
    }
  }

  const body = (() => {
    if (categories.error) {
      return (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-destructive">Could not load the categories</p>
          <p className="text-muted-foreground">{getErrorMessage(categories.error)}</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={categories.isFetching}
            onClick={() => void categories.refetch()}
          >
            {categories.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            Try again
          </Button>
        </div>
      )
    }
    const list = categories.data?.categories
    if (!list) {
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading the categories...
        </p>
      )
    }
    return (
      <div className="grid gap-4">
        <ul aria-label="Categories" className="grid gap-2">
          {list.map((category) =>
            editing?.key === category.key ? (
              <li key={category.key} className="rounded-lg border p-3">
                <CategoryFields
                  draft={editing.draft}
                  onChange={(draft) => setEditing({ key: category.key, draft })}
                  submitLabel="Save"
                  isSaving={save.isPending}
                  onSubmit={async () => {
                    if (await saveList(renameCategory(list, category.key, editing.draft))) setEditing(null)
                  }}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <li
                key={category.key}
                data-category-key={category.key}
                className="grid gap-2 rounded-lg border p-3"
              >
                <div className="grid min-w-0 gap-0.5">
                  <p className="text-sm font-medium break-words">{category.name}</p>
                  {category.description && (
                    <p className="text-sm break-words text-muted-foreground">{category.description}</p>
                  )}
                </div>
                {canManage && removing === category.key && (
                  <div role="alert" className="grid gap-2 text-sm">
                    <p>Remove {category.name}? Its tickets move to Other.</p>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        type="button"
                        variant="destructive"
                        size="sm"
                        disabled={save.isPending}
                        onClick={async () => {
                          if (await saveList(removeCategory(list, category.key))) setRemoving(null)
                        }}
                      >
                        {save.isPending && <Spinner />}
                        Remove
                      </Button>
                      <Button type="button" variant="outline" size="sm" onClick={() => setRemoving(null)}>
                        Keep it
                      </Button>
                    </div>
                  </div>
                )}
                {canManage && removing !== category.key && (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() =>
                        setEditing({
                          key: category.key,
                          draft: { name: category.name, description: category.description },
                        })
                      }
                    >
                      <Pencil aria-hidden="true" />
                      Rename
                      <span className="sr-only"> category {category.name}</span>
                    </Button>
                    {!isRequiredCategory(category.key) && (
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        onClick={() => setRemoving(category.key)}
                      >
                        <Trash2 aria-hidden="true" />
                        Remove
                        <span className="sr-only"> category {category.name}</span>
                      </Button>
                    )}
                  </div>
                )}
              </li>
            ),
          )}
        </ul>
        {canManage && (
          <section aria-label="Add a category" className="grid gap-2 rounded-lg border border-dashed p-3">
            <h3 className="flex items-center gap-1 text-sm font-medium">
              <Plus aria-hidden="true" className="size-4" />
              Add a category
            </h3>
            <CategoryFields
              draft={added}
              onChange={setAdded}
              submitLabel="Add category"
              isSaving={save.isPending}
              onSubmit={async () => {
                if (await saveList(addCategory(list, added))) setAdded({ name: '', description: '' })
              }}
            />
          </section>
        )}
      </div>
    )
  })()

  return (
    <Card>
      <CardHeader>
        <CardTitle>Categories</CardTitle>
        <CardDescription>
          {canManage
            ? 'What the analysis files tickets under. Other and Spam and marketing stay, under any name.'
            : `What the analysis files tickets under. ${CategoryMessages.notManager}.`}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  )
}
