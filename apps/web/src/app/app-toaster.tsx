import { useEffect } from 'react'
import { Toaster } from '@/components/ui/sonner'
import { markToasterReady } from '@/lib/toaster-gate'

/** Child effects run first, so sonner is listening by the time this one opens the gate. */
export function AppToaster() {
  useEffect(() => markToasterReady(), [])
  return <Toaster />
}
