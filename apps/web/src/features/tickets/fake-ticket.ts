import type { TTicketCreate } from '@parsedesk/contracts'

type TSample = { subject: string; bodies: readonly string[] }

/** The spec's ten sample subjects, each with messages a customer might plausibly write about it. */
export const FAKE_TICKET_SAMPLES: readonly TSample[] = [
  {
    subject: 'Unable to log in to my account',
    bodies: [
      'Every time I enter my email and password the login page just reloads without any error.',
      'I get an "invalid credentials" message even though I am sure my password is correct.',
    ],
  },
  {
    subject: 'Payment failing at checkout',
    bodies: [
      'My card keeps getting declined at checkout, but my bank says there is no problem on their side.',
      'The payment page spins for a minute and then shows "transaction failed". I have tried two different cards.',
    ],
  },
  {
    subject: 'Feature request: dark mode',
    bodies: [
      'I work late and the bright interface is hard on the eyes. Could you add a dark mode?',
      'Would love a dark theme option, ideally one that follows my operating system setting.',
    ],
  },
  {
    subject: 'App crashes on launch',
    bodies: [
      'Since the last update the app closes immediately after the splash screen.',
      'The app crashes every time I open it. Reinstalling did not help.',
    ],
  },
  {
    subject: 'Account locked after failed login attempts',
    bodies: [
      'My account was locked after a few wrong passwords and I cannot find a way to unlock it.',
      'I am locked out of my account and my team needs access to our tickets today.',
    ],
  },
  {
    subject: 'Password reset link not working',
    bodies: [
      'The password reset link in your email says it has expired, even when I click it right away.',
      'Clicking the reset link opens a blank page, so I cannot set a new password.',
    ],
  },
  {
    subject: 'Verification email never arrived',
    bodies: [
      'I signed up an hour ago but the verification email has not arrived. I checked my spam folder too.',
      'I have requested the verification email three times and received nothing.',
    ],
  },
  {
    subject: 'Unable to update my profile',
    bodies: [
      'When I change my name or phone number and press save, I get an error and nothing is stored.',
      'The save button on the profile page does nothing at all.',
    ],
  },
  {
    subject: 'Question about subscription renewal',
    bodies: [
      'My subscription renews next week. Will I be charged the same price, and can I switch to yearly billing?',
      'I was not expecting my subscription to renew automatically. How do I change the renewal date?',
    ],
  },
  {
    subject: 'App is very slow',
    bodies: [
      'Pages take more than ten seconds to load, and searching the ticket list is even slower.',
      'Everything in the app has become sluggish over the past few days, on every device I use.',
    ],
  },
]

const FIRST_NAMES = [
  'alex',
  'sam',
  'jordan',
  'taylor',
  'morgan',
  'casey',
  'riley',
  'jamie',
  'robin',
  'avery',
] as const
const LAST_NAMES = [
  'smith',
  'garcia',
  'chen',
  'patel',
  'muller',
  'rossi',
  'kim',
  'okafor',
  'silva',
  'novak',
] as const
/** Reserved for documentation (RFC 2606): no real mailbox ever receives these. */
const EXAMPLE_DOMAINS = ['example.com', 'example.org', 'example.net'] as const
const GREETINGS = ['Hi,', 'Hello,', 'Hi support team,', 'Good morning,'] as const
const CLOSINGS = [
  'Thanks for your help.',
  'Thank you!',
  'Any help would be appreciated.',
  'Looking forward to a fix.',
] as const

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length) % items.length] as T
}

function titleCase(word: string) {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

/** Fills the ticket form: an address on an example domain, one of the ten subjects, a fitting message. */
export function generateFakeTicket({ random = Math.random }: { random?: () => number } = {}): TTicketCreate {
  const first = pick(FIRST_NAMES, random)
  const last = pick(LAST_NAMES, random)
  const number = Math.floor(random() * 1000)
  const sample = pick(FAKE_TICKET_SAMPLES, random)
  const body = [
    pick(GREETINGS, random),
    '',
    pick(sample.bodies, random),
    '',
    pick(CLOSINGS, random),
    `${titleCase(first)} ${titleCase(last)}`,
  ].join('\n')
  return {
    email: `${first}.${last}${number}@${pick(EXAMPLE_DOMAINS, random)}`,
    subject: sample.subject,
    body,
  }
}
