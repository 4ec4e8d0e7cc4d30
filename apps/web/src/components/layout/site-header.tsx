import { ChartColumn, Settings, UserCog } from 'lucide-react'
import { Suspense } from 'react'
import { Link, useLocation } from 'react-router'
import { lazyWithQueries } from '@/app/lazy-with-queries'
import { Paths } from '@/app/paths'
import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session'
import { MD_UP, useMediaQuery } from '@/lib/use-media-query'
import { BrandLink } from './brand-link'
import { MOBILE_MENU_LINK_CLASS, MobileMenu } from './mobile-menu'
import { SECTION_LINKS } from './section-links'
import { SessionControl } from './session-control'
import { AccountSettingsLink, ReportsLink, WorkspaceSettingsLink } from './settings-links'

// The bell reads the member's notifications and listens for new ones: only once signed in.
const NotificationBell = lazyWithQueries(() =>
  import('@/features/notifications/components/notification-bell').then((module) => module.NotificationBell),
)

// The switcher reads the user's workspaces: it loads once signed in, and never on the landing page.
const WorkspaceSwitcher = lazyWithQueries(() =>
  import('@/features/workspaces/components/workspace-switcher').then((module) => module.WorkspaceSwitcher),
)

export function SiteHeader() {
  const isLanding = useLocation().pathname === Paths.home
  const { user } = useSession()
  const isSignedIn = !!user
  const isDesktop = useMediaQuery(MD_UP)
  const hasSwitcher = isSignedIn && !isLanding
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <a
        href="#main"
        className="sr-only rounded-md bg-background px-3 py-2 text-sm font-medium focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50 focus:ring-[3px] focus:ring-ring/60"
      >
        Skip to content
      </a>
      <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-3 px-3 sm:gap-6 sm:px-4">
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
        <div className="ml-auto flex min-w-0 items-center gap-2">
          {hasSwitcher && isDesktop && (
            <Suspense fallback={null}>
              <WorkspaceSwitcher variant="header" />
            </Suspense>
          )}
          {user && !isLanding && (
            <Suspense fallback={null}>
              <NotificationBell userId={user.$id} />
            </Suspense>
          )}
          {isSignedIn && isDesktop && <ReportsLink />}
          {isSignedIn && isDesktop && <WorkspaceSettingsLink />}
          {isSignedIn && isDesktop && <AccountSettingsLink />}
          <SessionControl />
          {(isLanding || isSignedIn) && (
            <MobileMenu label={isLanding ? 'Sections' : 'Menu'}>
              {(close) => (
                <>
                  {isLanding && (
                    <ul className="grid gap-1">
                      {SECTION_LINKS.map((link) => (
                        <li key={link.href}>
                          <a href={link.href} onClick={close} className={MOBILE_MENU_LINK_CLASS}>
                            {link.label}
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                  {hasSwitcher && !isDesktop && (
                    <div className="px-3 py-2">
                      <Suspense fallback={<Spinner className="text-muted-foreground" />}>
                        <WorkspaceSwitcher variant="menu" />
                      </Suspense>
                    </div>
                  )}
                  {isSignedIn && (
                    <Link to={Paths.reports} onClick={close} className={MOBILE_MENU_LINK_CLASS}>
                      <ChartColumn aria-hidden="true" className="size-4 text-muted-foreground" />
                      Reports
                    </Link>
                  )}
                  {isSignedIn && (
                    <Link to={Paths.workspaceSettings} onClick={close} className={MOBILE_MENU_LINK_CLASS}>
                      <Settings aria-hidden="true" className="size-4 text-muted-foreground" />
                      Workspace settings
                    </Link>
                  )}
                  {isSignedIn && (
                    <Link to={Paths.accountSettings} onClick={close} className={MOBILE_MENU_LINK_CLASS}>
                      <UserCog aria-hidden="true" className="size-4 text-muted-foreground" />
                      Account settings
                    </Link>
                  )}
                </>
              )}
            </MobileMenu>
          )}
        </div>
      </div>
    </header>
  )
}
