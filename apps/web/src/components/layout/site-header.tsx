import { useLocation } from 'react-router'
import { BrandLink } from './brand-link'
import { MobileMenu } from './mobile-menu'
import { SECTION_LINKS } from './section-links'
import { SessionControl } from './session-control'

export function SiteHeader() {
  const isLanding = useLocation().pathname === '/'
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <a
        href="#main"
        className="sr-only rounded-md bg-background px-3 py-2 text-sm font-medium focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50 focus:ring-[3px] focus:ring-ring/60"
      >
        Skip to content
      </a>
      <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-6 px-4">
        <BrandLink />
        {isLanding && (
          <nav aria-label="Sections" className="hidden md:block">
            <ul className="flex items-center gap-6 text-sm font-medium text-muted-foreground">
              {SECTION_LINKS.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className="rounded-sm transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="ml-auto flex items-center gap-2">
          <SessionControl />
          {isLanding && <MobileMenu />}
        </div>
      </div>
    </header>
  )
}
