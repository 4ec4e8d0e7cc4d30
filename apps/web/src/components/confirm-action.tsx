import { type ComponentProps, type ReactNode, useRef, useState } from 'react'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'

type TButtonProps = ComponentProps<typeof Button>

type TConfirmDialogProps = {
  open: boolean
  /** Asked to open or close; never while busy (Escape, Cancel and the overlay do nothing then). */
  onOpenChange: (open: boolean) => void
  isBusy: boolean
  title: ReactNode
  description: ReactNode
  /** Shown between the description and the buttons: what went wrong, when the dialog says it itself. */
  children?: ReactNode
  confirmLabel: string
  busyLabel: string
  /** The confirm button's icon; a spinner takes its place while busy. */
  confirmIcon?: ReactNode
  /** Destructive unless the action undoes nothing (a split). */
  confirmVariant?: TButtonProps['variant']
  onConfirm: () => void
  /** The button that opens it, when it has one (a selection's Delete key opens the ticket list's). */
  trigger?: ReactNode
  onCloseAutoFocus?: ComponentProps<typeof AlertDialogContent>['onCloseAutoFocus']
}

/**
 * The one confirmation dialog: a title, what the action does, Cancel (which has the focus, as everywhere in
 * the app) and the action, which stays busy until its caller says it answered.
 */
export function ConfirmDialog(props: TConfirmDialogProps) {
  return (
    <AlertDialog open={props.open} onOpenChange={(open) => !props.isBusy && props.onOpenChange(open)}>
      {props.trigger && <AlertDialogTrigger asChild>{props.trigger}</AlertDialogTrigger>}
      <AlertDialogContent onCloseAutoFocus={props.onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{props.title}</AlertDialogTitle>
          <AlertDialogDescription>{props.description}</AlertDialogDescription>
        </AlertDialogHeader>
        {props.children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={props.isBusy}>Cancel</AlertDialogCancel>
          <Button
            type="button"
            variant={props.confirmVariant ?? 'destructive'}
            disabled={props.isBusy}
            onClick={props.onConfirm}
          >
            {props.isBusy ? <Spinner /> : props.confirmIcon}
            {props.isBusy ? props.busyLabel : props.confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

type TConfirmActionProps = Omit<
  TConfirmDialogProps,
  'open' | 'onOpenChange' | 'isBusy' | 'onConfirm' | 'trigger' | 'onCloseAutoFocus'
> & {
  /** The button that asks: its visible label and icon. */
  trigger: ReactNode
  /** Whom or what it acts on, read after the trigger's label by assistive technology, not shown. */
  target?: string
  triggerVariant?: TButtonProps['variant']
  triggerSize?: TButtonProps['size']
  triggerDisabled?: boolean
  /** Resolves true when done (the dialog closes), false when it failed and was reported. */
  onConfirm: () => Promise<boolean>
  /** Where focus goes once done, when the trigger is gone with what it acted on. */
  onDone?: () => void
  /** Told when the dialog opens or closes (to forget an error shown in it). */
  onOpenChange?: (open: boolean) => void
}

/**
 * A button that asks first in a `ConfirmDialog`, then acts, keeping the dialog open (and Cancel disabled)
 * until the action answered.
 */
export function ConfirmAction({
  trigger,
  target,
  triggerVariant,
  triggerSize,
  triggerDisabled,
  onConfirm,
  onDone,
  onOpenChange,
  ...dialog
}: TConfirmActionProps) {
  const [isOpen, setIsOpen] = useState(false)
  const [isBusy, setIsBusy] = useState(false)
  const isDone = useRef(false)

  const confirm = async () => {
    setIsBusy(true)
    const isConfirmed = await onConfirm().finally(() => setIsBusy(false))
    if (!isConfirmed) return
    isDone.current = true
    setIsOpen(false)
  }

  return (
    <ConfirmDialog
      {...dialog}
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open)
        onOpenChange?.(open)
      }}
      isBusy={isBusy}
      onConfirm={() => void confirm()}
      trigger={
        <Button
          type="button"
          variant={triggerVariant ?? 'outline'}
          size={triggerSize ?? 'sm'}
          disabled={triggerDisabled}
        >
          {trigger}
          {target !== undefined && <span className="sr-only"> {target}</span>}
        </Button>
      }
      onCloseAutoFocus={(event) => {
        if (!isDone.current) return
        isDone.current = false
        if (!onDone) return
        event.preventDefault()
        onDone()
      }}
    />
  )
}
