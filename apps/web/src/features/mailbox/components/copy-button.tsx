import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { copyText } from '../copy-text'
import { MailboxToasts } from '../mailbox-messages'

const COPIED_MS = 2000

type TCopyButtonProps = {
  value: string
  /** What is copied, e.g. "address": read after "Copy" by assistive technology, not shown. */
  target: string
  /** What the toast says was copied. */
  description: string
  disabled?: boolean
}

export function CopyButton({ value, target, description, disabled }: TCopyButtonProps) {
  const [isCopied, setIsCopied] = useState(false)

  useEffect(() => {
    if (!isCopied) return
    const timer = setTimeout(() => setIsCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [isCopied])

  const copy = async () => {
    try {
      await copyText(value)
    } catch (error) {
      notifyError({
        title: MailboxToasts.copyFailed,
        description: getErrorMessage(error) || MailboxToasts.copyFailedText,
      })
      return
    }
    setIsCopied(true)
    notifySuccess({ title: MailboxToasts.copied, description })
  }

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={disabled || !value}
      onClick={() => void copy()}
    >
      {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {isCopied ? 'Copied' : 'Copy'}
      <span className="sr-only"> {target}</span>
    </Button>
  )
}
