import { Menu, X } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { Button } from '@/components/ui/button'

type TMobileMenuProps = {
  /** The name of the menu's navigation landmark. */
  label: string
  /** The menu's items; `close` folds the menu, e.g. once a link in it is followed. */
  children: (close: () => void) => ReactNode
}

/** Below the md breakpoint the header's links (and, signed in, the workspace) fold into this toggle. */
export function MobileMenu({ label, children }: TMobileMenuProps) {
  const [isOpen, setIsOpen] = useState(false)
  const menuId = useId()
  const toggle = useRef<HTMLButtonElement>(null)
  const { pathname } = useLocation()
  const close = () => setIsOpen(false)

  // A page left for another closes the menu, whatever took the visitor there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => setIsOpen(false), [pathname])

  useEffect(() => {
    if (!isOpen) return
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setIsOpen(false)
      toggle.current?.focus()
    }
    window.addEventListener('keydown', closeOnEscape)
    return () => window.removeEventListener('keydown', closeOnEscape)
  }, [isOpen])

  return (
    <div className="md:hidden">
      <Button
        ref={toggle}
        variant="ghost"
        size="icon"
        aria-expanded={isOpen}
        aria-controls={menuId}
        aria-label={isOpen ? 'Close menu' : 'Open menu'}
        onClick={() => setIsOpen((open) => !open)}
      >
        {isOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
      </Button>
      <nav
        id={menuId}
        aria-label={label}
        hidden={!isOpen}
        className="absolute inset-x-0 top-full border-b bg-background shadow-md"
      >
        {isOpen && <div className="mx-auto grid max-w-6xl gap-1 px-4 py-3">{children(close)}</div>}
      </nav>
    </div>
  )
}

/** A link of the mobile menu, styled as the menu's rows. */
export const MOBILE_MENU_LINK_CLASS =
  'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none'
