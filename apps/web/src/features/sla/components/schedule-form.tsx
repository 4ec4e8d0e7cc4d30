import { zodResolver } from '@hookform/resolvers/zod'
import { SlaLimits } from '@parsedesk/contracts'
import { Upload } from 'lucide-react'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormFooter } from '@/components/form-footer'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { useGroups } from '@/features/groups/queries'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { type TScheduleFormInput, ZScheduleForm } from '../form-values'
import { formatSpans, mergeDates, parseDates, WEEKDAY_ROWS } from '../schedule-text'
import { readIcalHolidays, type TScheduleDocument, useSaveSchedule } from '../settings-queries'

const OFFICE_HOURS = '09:00-17:00'
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone
const TIME_ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []

type TScheduleFormProps = {
  teamId: string
  /** The schedule to change; a new one when absent. */
  schedule?: TScheduleDocument
  onDone?: () => void
}

/**
 * A schedule's name, whose it is (the workspace's default or a group's), time zone, weekly hours typed
 * per weekday and holidays typed or imported from an iCal file; checked by the contract the server uses.
 */
export function ScheduleForm({ teamId, schedule, onDone }: TScheduleFormProps) {
  const save = useSaveSchedule()
  const groups = useGroups(teamId).data ?? []
  const ids = useId()
  const form = useForm<TScheduleFormInput, unknown, z.output<typeof ZScheduleForm>>({
    resolver: zodResolver(ZScheduleForm),
    defaultValues: {
      name: schedule?.name ?? '',
      groupId: schedule?.groupId ?? '',
      timeZone: schedule?.timeZone ?? browserZone(),
      days: schedule
        ? schedule.weekly.map(formatSpans)
        : [0, 1, 2, 3, 4, 5, 6].map((day) => (day === 0 || day === 6 ? '' : OFFICE_HOURS)),
      holidays: (schedule?.holidays ?? []).join('\n'),
    },
  })
  const problem = form.formState.errors.root?.message
  const [importing, setImporting] = useState(false)

  const importIcal = async (file: File | undefined) => {
    if (!file) return
    setImporting(true)
    try {
      if (file.size > SlaLimits.icalBytes)
        throw new Error(`An iCal file is at most ${SlaLimits.icalBytes / 1024} KB.`)
      const imported = await readIcalHolidays(await file.text())
      form.setValue('holidays', mergeDates(parseDates(form.getValues('holidays')), imported).join('\n'), {
        shouldValidate: form.formState.isSubmitted,
      })
      notifySuccess({ title: 'Holidays imported', description: `${imported.length} dates from ${file.name}` })
    } catch (error) {
      notifyError({ title: 'Could not import the iCal file', description: getErrorMessage(error) })
    } finally {
      setImporting(false)
    }
  }

  const submit = form.handleSubmit(async (data) => {
    try {
      await save.mutateAsync({ teamId, documentId: schedule?.$id, data })
    } catch (error) {
      form.setError('root', { message: getErrorMessage(error) })
      notifyError({ title: 'Could not save the schedule', description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: schedule ? 'Schedule saved' : 'Schedule created', description: data.name })
    onDone?.()
  })

  return (
    <Form {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-3"
        aria-label={schedule ? `Edit schedule ${schedule.name}` : 'New schedule'}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem className="gap-1.5">
                <FormLabel>Schedule name</FormLabel>
                <FormControl>
                  <Input maxLength={SlaLimits.scheduleName} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="groupId"
            render={({ field }) => (
              <FormItem className="gap-1.5">
                <FormLabel>Used for</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    <option value="">The whole workspace (default)</option>
                    {groups.map((group) => (
                      <option key={group.$id} value={group.$id}>
                        Group {group.name}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="timeZone"
            render={({ field }) => (
              <FormItem className="gap-1.5">
                <FormLabel>Time zone</FormLabel>
                <FormControl>
                  <Input list={`${ids}-zones`} maxLength={64} {...field} />
                </FormControl>
                <datalist id={`${ids}-zones`}>
                  {TIME_ZONES.map((zone) => (
                    <option key={zone} value={zone} />
                  ))}
                </datalist>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">Weekly hours</legend>
          <p className="text-sm text-muted-foreground">
            Spans such as 09:00-12:00, 13:00-17:00 (24:00 ends the day); leave a day empty when closed.
          </p>
          {WEEKDAY_ROWS.map(({ day, label }) => (
            <FormField
              key={day}
              control={form.control}
              name={`days.${day}`}
              render={({ field }) => (
                <FormItem className="gap-1 sm:grid-cols-[8rem_1fr] sm:items-center">
                  <FormLabel>{label}</FormLabel>
                  <FormControl>
                    <Input placeholder="Closed" maxLength={64} {...field} />
                  </FormControl>
                  <FormMessage className="sm:col-start-2" />
                </FormItem>
              )}
            />
          ))}
        </fieldset>
        <FormField
          control={form.control}
          name="holidays"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>Holidays</FormLabel>
              <FormControl>
                <Textarea rows={3} placeholder="2026-12-25, one date per line" {...field} />
              </FormControl>
              <FormMessage />
              <div className="flex flex-wrap items-center gap-2">
                <Button type="button" variant="outline" size="sm" disabled={importing} asChild>
                  <label>
                    {importing ? <Spinner /> : <Upload aria-hidden="true" />}
                    Import holidays from an iCal file
                    <input
                      type="file"
                      accept=".ics,text/calendar"
                      className="sr-only"
                      onChange={(e) => {
                        void importIcal(e.target.files?.[0])
                        e.target.value = ''
                      }}
                    />
                  </label>
                </Button>
                <span className="text-sm text-muted-foreground">All-day events become holidays.</span>
              </div>
            </FormItem>
          )}
        />
        <FormFooter
          problem={problem}
          submitting={form.formState.isSubmitting}
          submitLabel={schedule ? 'Save schedule' : 'Create schedule'}
          onCancel={schedule ? onDone : undefined}
        />
      </form>
    </Form>
  )
}
