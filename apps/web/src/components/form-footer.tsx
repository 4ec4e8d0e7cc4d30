import { Save } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'

type TFormFooterProps = {
  /** What the server refused, said where the buttons are, so it is read before trying again. */
  problem?: string
  submitting: boolean
  submitLabel: string
  /** Besides submitting: the form is not ready yet (a template without a field). */
  disabled?: boolean
  /** Shown only when editing something that exists: a new one is abandoned by leaving the page. */
  onCancel?: () => void
  size?: 'sm'
}

/** The end of a settings form: what went wrong, Save or Create (a spinner while it is sent), and Cancel. */
export function FormFooter({ problem, submitting, submitLabel, disabled, onCancel, size }: TFormFooterProps) {
  return (
    <>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size={size} disabled={disabled || submitting}>
          {submitting ? <Spinner /> : <Save aria-hidden="true" />}
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" size={size} onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </>
  )
}
