import { ArrowRight, CheckCircle2 } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { SIGN_UP_PATH } from '@/features/auth/auth-links'
import { useSession } from '@/features/auth/session'
import { TicketMock } from './ticket-mock'

function PrimaryAction() {
  const { user, isLoading } = useSession()
  if (isLoading) {
    return (
      <Button size="lg" disabled aria-label="Checking session">
        <Spinner />
      </Button>
    )
  }
  return (
    <Button asChild size="lg">
      {user ? (
        <Link to="/tickets">
          Go to Dashboard
          <ArrowRight aria-hidden="true" />
        </Link>
      ) : (
        <Link to={SIGN_UP_PATH}>
          Start Free Trial
          <ArrowRight aria-hidden="true" />
        </Link>
      )}
    </Button>
  )
}

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-accent/60 to-background">
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-2">
        <div className="grid min-w-0 gap-6">
          <p className="w-fit rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
            Email parsing for support teams
          </p>
          <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Turn customer emails into structured support tickets
          </h1>
          <p className="text-lg text-muted-foreground">
            Parsedesk reads every incoming email, extracts priority, category and customer details, and routes
            the ticket to the right people — automatically.
          </p>
          <div className="flex flex-wrap gap-3">
            <PrimaryAction />
            <Button asChild size="lg" variant="outline">
              <a href="#contact">Request Demo</a>
            </Button>
          </div>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            <li className="flex items-center gap-2">
              <CheckCircle2 aria-hidden="true" className="size-4 text-green-600" />
              No credit card required
            </li>
            <li className="flex items-center gap-2">
              <CheckCircle2 aria-hidden="true" className="size-4 text-green-600" />
              14-day free trial on every new account
            </li>
          </ul>
        </div>
        <TicketMock />
      </div>
    </section>
  )
}
