import { cva, type VariantProps } from 'class-variance-authority'
import { clsx } from 'clsx'
import { Slot } from 'radix-ui'
import type * as React from 'react'

/**
 * No class here conflicts with another (a test holds it), so the classes are joined without
 * tailwind-merge, which would add 9 KB to every page's first paint. A caller's className may add
 * classes but must not restate one a variant sets: ask for a variant instead.
 */
const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center whitespace-nowrap rounded-md font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-offset-1 disabled:pointer-events-none disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default:
          'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 focus-visible:ring-ring/60',
        destructive:
          'bg-destructive text-white shadow-xs hover:bg-destructive/90 focus-visible:ring-destructive/40',
        outline:
          'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring/60',
        secondary:
          'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80 focus-visible:ring-ring/60',
        ghost: 'hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring/60',
        link: 'text-primary underline-offset-4 hover:underline focus-visible:ring-ring/60',
      },
      size: {
        default: 'h-9 gap-2 px-4 py-2 text-sm has-[>svg]:px-3',
        sm: 'h-8 gap-1.5 px-3 text-sm has-[>svg]:px-2.5',
        lg: 'h-11 gap-2 px-6 text-base has-[>svg]:px-4',
        icon: 'size-9 gap-2 text-sm',
        /** Sits in a line of text, such as "Don't have an account? Sign up". */
        inline: 'h-auto gap-2 px-1 py-0 text-sm',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: React.ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'button'
  return (
    <Comp
      data-slot="button"
      data-variant={variant ?? 'default'}
      data-size={size ?? 'default'}
      className={clsx(buttonVariants({ variant, size }), className)}
      {...props}
    />
  )
}

export { Button, buttonVariants }
