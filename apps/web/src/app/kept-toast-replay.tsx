import { useEffect } from 'react'
import { takeKeptToast } from '@/lib/kept-toast'

/** Shows the toast kept across a full reload (logout's), loading the toast code only when there is one. */
export function useReplayKeptToast() {
  useEffect(() => {
    const kept = takeKeptToast()
    if (kept) void import('@/lib/notify').then(({ notifySuccess }) => notifySuccess(kept))
  }, [])
}
