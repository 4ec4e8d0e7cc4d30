import { useEffect, useRef } from 'react'
import { NavLink, useLocation } from 'react-router'
import { cn } from '@/lib/utils'
import { SETTINGS_SECTIONS, settingsSectionPath } from '../settings-sections'

/**
 * The sections of workspace settings: a column beside the section from the md breakpoint, sticky while
 * it scrolls; above it on a phone, a row that scrolls sideways on its own (the page never does).
 */
export function SettingsNav() {
  const listRef = useRef<HTMLUListElement>(null)
  const { pathname } = useLocation()
  // On a phone the current section may sit beyond the row's edge: the row (never the page) brings it in.
  useEffect(() => {
    const list = listRef.current
    const current = list?.querySelector<HTMLElement>(`a[href="${CSS.escape(pathname)}"]`)
    if (!list || !current || list.scrollWidth <= list.clientWidth) return
    list.scrollTo({ left: Math.max(0, current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2) })
  }, [pathname])

  return (
    <nav aria-label="Settings sections" className="min-w-0 md:sticky md:top-20">
      <ul
        ref={listRef}
        className="relative -mx-4 flex gap-1 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0 md:pb-0"
      >
        {SETTINGS_SECTIONS.map(({ section, label, icon: Icon }) => (
          <li key={section} className="shrink-0">
            <NavLink
              end
              to={settingsSectionPath(section)}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  isActive && 'bg-muted text-foreground',
                )
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
