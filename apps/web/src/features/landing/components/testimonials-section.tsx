import { Star } from 'lucide-react'
import { SectionHeading } from './section-heading'

const testimonials = [
  {
    quote:
      'Parsedesk cut our first-response time in half. Tickets land with the right team before anyone opens the inbox.',
    name: 'Maria Lopez',
    role: 'Support Manager, Brightline',
  },
  {
    quote: 'The categorization is 98% accurate for us. Our agents stopped triaging and started solving.',
    name: 'David Chen',
    role: 'Head of Customer Success, Northwind',
  },
  {
    quote:
      'We set up our templates without writing any code. IT had the whole mailbox running in an afternoon.',
    name: 'Priya Natarajan',
    role: 'IT Administrator, Fieldwork Labs',
  },
] as const

function FiveStars() {
  return (
    <div role="img" aria-label="Rated 5 out of 5 stars" className="flex gap-1 text-yellow-500">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star key={star} aria-hidden="true" className="size-4 fill-current" />
      ))}
    </div>
  )
}

export function TestimonialsSection() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="mx-auto max-w-6xl px-4 py-20">
      <SectionHeading
        id="testimonials-title"
        title="Loved by support teams"
        text="Teams of every size use Parsedesk to answer customers faster."
      />
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.name}>
            <figure className="flex h-full flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm">
              <FiveStars />
              <blockquote className="flex-1 text-sm">“{testimonial.quote}”</blockquote>
              <figcaption className="text-sm">
                <span className="font-semibold">{testimonial.name}</span>
                <span className="block text-muted-foreground">{testimonial.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  )
}
