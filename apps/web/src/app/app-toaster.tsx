import { useEffect } from 'react'
import { Toaster } from '@/components/ui/sonner'
import { takeKeptToast } from '@/lib/kept-toast'
import { notifySuccess } from '@/lib/notify'

/** The toaster, plus the replay of a toast kept across a full reload once it can be shown. */
export function AppToaster() {
  useEffect(() => {
    const kept = takeKeptToast()
    if (kept) notifySuccess(kept)
  }, [])
  return <Toaster />
}
