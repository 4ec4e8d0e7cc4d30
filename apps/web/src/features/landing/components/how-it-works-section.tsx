import { SectionHeading } from './section-heading'

const steps = [
  {
    title: 'Set up your parsing mailbox',
    text: 'Get a unique parsing address and choose the templates that read your emails.',
  },
  {
    title: 'Tickets are created automatically',
    text: 'Each email forwarded to the address becomes a ticket, attachments included.',
  },
  {
    title: 'Routed and assigned',
    text: 'Tickets go to the right person by keywords, categories or expertise.',
  },
  {
    title: 'Track every resolution',
    text: 'Follow each ticket to resolution and analyse response and resolution times.',
  },
] as const

export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="bg-muted/50">
      <div className="mx-auto max-w-6xl px-4 py-20">
        <SectionHeading
          id="how-it-works-title"
          title="How it works"
          text="From inbox to resolved ticket in four steps."
        />
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
