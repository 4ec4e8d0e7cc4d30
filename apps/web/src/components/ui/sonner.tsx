import type * as React from 'react'
import { Toaster as Sonner } from 'sonner'

/** The spec keeps one toast at a time, so older ones are never stacked in view. */
function Toaster(props: React.ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      data-slot="toaster"
      visibleToasts={1}
      position="bottom-right"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans' } }}
      {...props}
    />
  )
}

export { Toaster }
