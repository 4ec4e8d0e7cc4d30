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

type TConfirmActionProps = {
  /** The button that asks: its visible label and icon. */
  trigger: ReactNode
  /** Whom or what it acts on, read after the trigger's label by assistive technology, not shown. */
  target?: string
  triggerVariant?: TButtonProps['variant']
  triggerSize?: TButtonProps['size']
  triggerDisabled?: boolean
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
  /** Resolves true when done (the dialog closes), false when it failed and was reported. */
  onConfirm: () => Promise<boolean>
  /** Where focus goes once done, when the trigger is gone with what it acted on. */
  onDone?: () => void
  /** Told when the dialog opens or closes (to forget an error shown in it). */
  onOpenChange?: (open: boolean) => void
}

/**
 * A button that asks first in an alert dialog, then acts, keeping the dialog open (and Cancel disabled)
 * until the action answered; Cancel has the focus, as everywhere in the app. Every confirmation of the
 * app is one of these.
 */
export function ConfirmAction(props: TConfirmActionProps) {
  const [isOpen, setIsOpen] = useState(false)
  const [isBusy, setIsBusy] = useState(false)
  const isDone = useRef(false)

  const openChange = (open: boolean) => {
    if (isBusy) return
    setIsOpen(open)
    props.onOpenChange?.(open)
  }

  const confirm = async () => {
    setIsBusy(true)
    const isConfirmed = await props.onConfirm().finally(() => setIsBusy(false))
    if (!isConfirmed) return
    isDone.current = true
    setIsOpen(false)
  }

  return (
    <AlertDialog open={isOpen} onOpenChange={openChange}>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant={props.triggerVariant ?? 'outline'}
          size={props.triggerSize ?? 'sm'}
          disabled={props.triggerDisabled}
        >
          {props.trigger}
          {props.target !== undefined && <span className="sr-only"> {props.target}</span>}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (!isDone.current) return
          isDone.current = false
          if (!props.onDone) return
          event.preventDefault()
          props.onDone()
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{props.title}</AlertDialogTitle>
          <AlertDialogDescription>{props.description}</AlertDialogDescription>
        </AlertDialogHeader>
        {props.children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isBusy}>Cancel</AlertDialogCancel>
          <Button
            type="button"
            variant={props.confirmVariant ?? 'destructive'}
            disabled={isBusy}
            onClick={() => void confirm()}
          >
            {isBusy ? <Spinner /> : props.confirmIcon}
            {isBusy ? props.busyLabel : props.confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
