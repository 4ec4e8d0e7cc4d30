import { type ReactNode, useRef, useState } from 'react'
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

type TConfirmButtonProps = {
  /** The button that asks: its visible label and icon. */
  trigger: ReactNode
  /** Whom or what it acts on, read after the trigger's label by assistive technology, not shown. */
  target: string
  title: string
  description: ReactNode
  confirmLabel: string
  busyLabel: string
  /** Resolves true when done (the dialog closes), false when it failed and was reported. */
  onConfirm: () => Promise<boolean>
  /** Where focus goes once done: the trigger is usually gone with what it acted on. */
  onDone: () => void
}

/** An outline button that asks first in an alert dialog; Cancel has the focus, as elsewhere in the app. */
export function ConfirmButton(props: TConfirmButtonProps) {
  const [isOpen, setIsOpen] = useState(false)
  const [isBusy, setIsBusy] = useState(false)
  const isDone = useRef(false)

  const confirm = async () => {
    setIsBusy(true)
    const isConfirmed = await props.onConfirm().finally(() => setIsBusy(false))
    if (!isConfirmed) return
    isDone.current = true
    setIsOpen(false)
  }

  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => !isBusy && setIsOpen(open)}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          {props.trigger}
          <span className="sr-only"> {props.target}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (!isDone.current) return
          isDone.current = false
          event.preventDefault()
          props.onDone()
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{props.title}</AlertDialogTitle>
          <AlertDialogDescription>{props.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isBusy}>Cancel</AlertDialogCancel>
          <Button type="button" variant="destructive" disabled={isBusy} onClick={() => void confirm()}>
            {isBusy && <Spinner />}
            {isBusy ? props.busyLabel : props.confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
