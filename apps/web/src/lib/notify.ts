import { toast } from 'sonner'

type TNotifyOptions = { title: string; description?: string | undefined }

/** One toast at a time: a new one replaces whatever is showing instead of queueing behind it. */
export function notifySuccess({ title, description }: TNotifyOptions) {
  toast.dismiss()
  toast.success(title, { description })
}

export function notifyError({ title, description }: TNotifyOptions) {
  toast.dismiss()
  toast.error(title, { description })
}
