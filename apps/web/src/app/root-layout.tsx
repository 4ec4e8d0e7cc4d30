import { lazy, Suspense } from 'react'
import { Outlet } from 'react-router'
import { SiteHeader } from '@/components/layout/site-header'
import { Spinner } from '@/components/ui/spinner'
import { SessionRedirect } from '@/features/auth/session-redirect'
import { useIsToasterRequested } from '@/lib/toaster-gate'
import { useReplayKeptToast } from './kept-toast-replay'

// Toasts only ever follow an action, so their code arrives with the first one.
const AppToaster = lazy(() => import('./app-toaster').then((module) => ({ default: module.AppToaster })))

function PageFallback() {
  return (
    <div className="flex flex-1 items-center justify-center py-24 text-muted-foreground">
      <Spinner size="lg" />
      <span className="sr-only">Loading page</span>
    </div>
  )
}

export function RootLayout() {
  useReplayKeptToast()
  const isToasterRequested = useIsToasterRequested()
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <SessionRedirect />
      {isToasterRequested && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </div>
  )
}
