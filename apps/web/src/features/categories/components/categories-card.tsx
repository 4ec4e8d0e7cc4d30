import { zodResolver } from '@hookform/resolvers/zod'
import {
  CategoryMessages,
  TicketCategoryLimits,
  type TTicketCategory,
  ZTicketCategory,
} from '@parsedesk/contracts'
import { Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
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

/** A category's name and description as people read them (the contracts' rules). */
const ZCategoryForm = ZTicketCategory.pick({ name: true, description: true })
type TDraft = z.input<typeof ZCategoryForm>
const EMPTY_DRAFT: TDraft = { name: '', description: '' }

function CategoryFields({
  initial,
  submitLabel,
  isSaving,
  onSubmit,
  onCancel,
}: {
  initial: TDraft
  submitLabel: string
  isSaving: boolean
  /** True once saved, and the fields empty again. */
  onSubmit: (draft: TDraft) => Promise<boolean>
  onCancel?: () => void
}) {
  const form = useForm<TDraft, unknown, z.output<typeof ZCategoryForm>>({
    resolver: zodResolver(ZCategoryForm),
    defaultValues: initial,
  })
  const submit = form.handleSubmit(async (draft) => {
    if (await onSubmit(draft)) form.reset(EMPTY_DRAFT)
  })
  const hasName = !!form.watch('name').trim()
  return (
    <Form {...form}>
      <form className="grid gap-2" onSubmit={submit}>
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem className="gap-1">
              <FormLabel>Name</FormLabel>
              <FormControl>
                <Input maxLength={TicketCategoryLimits.name} required {...field} />
              </FormControl>
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem className="gap-1">
              <FormLabel>What belongs there</FormLabel>
              <FormControl>
                <Textarea maxLength={TicketCategoryLimits.description} rows={2} {...field} />
              </FormControl>
            </FormItem>
          )}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={isSaving || !hasName}>
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
    </Form>
  )
}

/**
 * The workspace's ticket categories (decision 020): owners and admins rename, add and remove them; a
 * removed category's tickets go to Other; "Other" and spam stay (they may be renamed).
 */
export function CategoriesCard({ teamId, canManage }: TCategoriesCardProps) {
  const categories = useWorkspaceCategories(teamId)
  const save = useSaveCategories(teamId)
  const [editing, setEditing] = useState<string | null>(null)
  const [removing, setRemoving] = useState<string | null>(null)

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
            editing === category.key ? (
              <li key={category.key} className="rounded-lg border p-3">
                <CategoryFields
                  initial={{ name: category.name, description: category.description }}
                  submitLabel="Save"
                  isSaving={save.isPending}
                  onSubmit={async (draft) => {
                    const isSaved = await saveList(renameCategory(list, category.key, draft))
                    if (isSaved) setEditing(null)
                    return isSaved
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
                      onClick={() => setEditing(category.key)}
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
              initial={EMPTY_DRAFT}
              submitLabel="Add category"
              isSaving={save.isPending}
              onSubmit={(draft) => saveList(addCategory(list, draft))}
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
