import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { badgeVariants } from './badge'
import { buttonVariants } from './button'
import { spinnerVariants } from './spinner'

const BUTTON_VARIANTS = ['default', 'destructive', 'outline', 'secondary', 'ghost', 'link'] as const
const BUTTON_SIZES = ['default', 'sm', 'lg', 'icon', 'inline'] as const
const BADGE_TONES = ['red', 'blue', 'green', 'yellow', 'gray', 'brand'] as const
const SPINNER_SIZES = ['default', 'md', 'lg'] as const

/** tailwind-merge drops the earlier of two conflicting classes; nothing dropped means nothing conflicts. */
function expectNoConflict(classes: string) {
  expect(twMerge(classes)).toBe(classes)
}

describe('components joined without tailwind-merge style exactly as their classes say', () => {
  it.each(BUTTON_VARIANTS)('button %s, in every size', (variant) => {
    for (const size of BUTTON_SIZES) expectNoConflict(buttonVariants({ variant, size }))
  })

  it.each(BADGE_TONES)('badge %s', (tone) => {
    expectNoConflict(badgeVariants({ tone }))
  })

  it.each(SPINNER_SIZES)('spinner %s', (size) => {
    expectNoConflict(spinnerVariants({ size }))
  })
})
