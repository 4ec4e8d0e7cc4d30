import { Brain, FileSearch, MailPlus, Timer, Wand2 } from 'lucide-react'
import { SectionHeading } from './section-heading'

const features = [
  {
    icon: MailPlus,
    title: 'Automatic ticket creation',
    text: 'Every incoming email becomes a support ticket, with no copy and paste.',
  },
  {
    icon: FileSearch,
    title: 'Data extraction',
    text: 'Templates and rules pull out priority, category and customer details.',
  },
  {
    icon: Timer,
    title: 'Faster response times',
    text: 'Automatic routing puts each ticket in front of the right people at once.',
  },
  {
    icon: Brain,
    title: 'Smart categorization',
    text: 'Tickets are categorized and prioritized the moment they arrive.',
  },
  {
    icon: Wand2,
    title: 'No-code templates',
    text: 'Set up parsing templates in minutes, without writing a line of code.',
  },
] as const

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-20">
      <SectionHeading
        id="features-title"
        title="Everything your helpdesk needs from email"
        text="Stop sorting the inbox by hand. Parsedesk turns messages into tickets your team can act on."
      />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((feature) => (
          <li key={feature.title} className="rounded-xl border bg-card p-6 shadow-sm">
            <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <feature.icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-4 font-semibold">{feature.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
