import { cva, type VariantProps } from 'class-variance-authority'
import { clsx } from 'clsx'
import type * as React from 'react'

const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      tone: {
        red: 'border-red-200 bg-red-100 text-red-800',
        blue: 'border-blue-200 bg-blue-100 text-blue-800',
        green: 'border-green-200 bg-green-100 text-green-800',
        yellow: 'border-yellow-200 bg-yellow-100 text-yellow-800',
        gray: 'border-gray-200 bg-gray-100 text-gray-800',
        brand: 'border-transparent bg-primary text-primary-foreground',
      },
    },
    defaultVariants: { tone: 'gray' },
  },
)

type TBadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>

function Badge({
  className,
  tone,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return (
    <span
      data-slot="badge"
      data-tone={tone ?? 'gray'}
      className={clsx(badgeVariants({ tone }), className)}
      {...props}
    />
  )
}

export { Badge, badgeVariants, type TBadgeTone }
