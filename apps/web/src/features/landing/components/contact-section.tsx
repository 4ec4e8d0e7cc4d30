import { Suspense, useRef } from 'react'
import { lazyWithQueries } from '@/app/lazy-with-queries'
import { useNearViewport } from '@/lib/use-near-viewport'
import { DemoFormPlaceholder } from './demo-form-placeholder'

// The form brings its validation and the backend client; the top of the page needs neither to paint.
const DemoForm = lazyWithQueries(() => import('./demo-form').then((module) => module.DemoForm))

export function ContactSection() {
  const formSlot = useRef<HTMLDivElement>(null)
  const isFormNear = useNearViewport(formSlot)

  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-muted/50">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-20 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="grid content-start gap-4">
          <h2 id="contact-title" className="text-3xl font-bold tracking-tight">
            See Parsedesk on your own inbox
          </h2>
          <p className="text-muted-foreground">
            Tell us about your team and we will show you how email parsing fits your helpdesk. Prefer to try
            it yourself? Every new account gets a 14-day free trial, no credit card required.
          </p>
        </div>
        <div ref={formSlot} className="rounded-xl border bg-card p-6 shadow-sm">
          {isFormNear ? (
            <Suspense fallback={<DemoFormPlaceholder />}>
              <DemoForm />
            </Suspense>
          ) : (
            <DemoFormPlaceholder />
          )}
        </div>
      </div>
    </section>
  )
}
