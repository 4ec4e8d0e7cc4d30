import { lazy } from 'react'
import { Route, Routes } from 'react-router'
import { LandingPage } from '@/features/landing/routes/landing-page'
import { lazyWithQueries } from './lazy-with-queries'
import { Paths } from './paths'
import { RootLayout } from './root-layout'

// The landing page, the most visited, paints with the entry chunk; every other screen is its own chunk,
// so the landing page never downloads dashboard code.
const AuthPage = lazyWithQueries(() =>
  import('@/features/auth/routes/auth-page').then((module) => module.AuthPage),
)
const DashboardPage = lazyWithQueries(() =>
  import('@/features/tickets/routes/dashboard-page').then((module) => module.DashboardPage),
)
const TicketPage = lazyWithQueries(() =>
  import('@/features/ticket-page/routes/ticket-page').then((module) => module.TicketPage),
)
const ReportsPage = lazyWithQueries(() =>
  import('@/features/reports/routes/reports-page').then((module) => module.ReportsPage),
)
const WorkspaceSettingsPage = lazyWithQueries(() =>
  import('@/features/workspaces/routes/workspace-settings-page').then(
    (module) => module.WorkspaceSettingsPage,
  ),
)
const InvitePage = lazyWithQueries(() =>
  import('@/features/workspaces/routes/invite-page').then((module) => module.InvitePage),
)
const AccountSettingsPage = lazyWithQueries(() =>
  import('@/features/account/routes/account-settings-page').then((module) => module.AccountSettingsPage),
)
const RecoveryPage = lazyWithQueries(() =>
  import('@/features/account/routes/recovery-page').then((module) => module.RecoveryPage),
)
const VerifyPage = lazyWithQueries(() =>
  import('@/features/account/routes/verify-page').then((module) => module.VerifyPage),
)
const ErrorPage = lazy(() =>
  import('@/features/errors/routes/error-page').then((module) => ({ default: module.ErrorPage })),
)
const NotFoundPage = lazy(() =>
  import('@/features/errors/routes/not-found-page').then((module) => ({ default: module.NotFoundPage })),
)

/** Declarative routes: the screens need no loaders or actions, and this mode costs half the bytes. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LandingPage />} />
        <Route path={Paths.auth} element={<AuthPage />} />
        <Route path={Paths.tickets} element={<DashboardPage />} />
        <Route path={Paths.ticket} element={<TicketPage />} />
        <Route path={Paths.reports} element={<ReportsPage />} />
        {/* One route for every section: the page reads which from the rest of the address. */}
        <Route path={`${Paths.workspaceSettings}/*`} element={<WorkspaceSettingsPage />} />
        <Route path={Paths.invite} element={<InvitePage />} />
        <Route path={Paths.accountSettings} element={<AccountSettingsPage />} />
        <Route path={Paths.recovery} element={<RecoveryPage />} />
        <Route path={Paths.verify} element={<VerifyPage />} />
        <Route path={Paths.error} element={<ErrorPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}
