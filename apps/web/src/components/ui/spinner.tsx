import { cva, type VariantProps } from 'class-variance-authority'
import { clsx } from 'clsx'
import { Loader2 } from 'lucide-react'
import type * as React from 'react'

/** Sizes are variants rather than className overrides: the classes are joined without tailwind-merge. */
const spinnerVariants = cva('animate-spin motion-reduce:animate-none', {
  variants: { size: { default: 'size-4', md: 'size-5', lg: 'size-6' } },
  defaultVariants: { size: 'default' },
})

function Spinner({
  className,
  size,
  ...props
}: Omit<React.ComponentProps<'svg'>, 'size'> & VariantProps<typeof spinnerVariants>) {
  return (
    <Loader2
      data-slot="spinner"
      aria-hidden="true"
      className={clsx(spinnerVariants({ size }), className)}
      {...props}
    />
  )
}

export { Spinner, spinnerVariants }
