import { toast } from 'sonner'
import { whenToasterReady } from './toaster-gate'

type TNotifyOptions = { title: string; description?: string | undefined }

/** One toast at a time: a new one replaces whatever is showing instead of queueing behind it. */
export function notifySuccess({ title, description }: TNotifyOptions) {
  void whenToasterReady().then(() => {
    toast.dismiss()
    toast.success(title, { description })
  })
}

export function notifyError({ title, description }: TNotifyOptions) {
  void whenToasterReady().then(() => {
    toast.dismiss()
    toast.error(title, { description })
  })
}
