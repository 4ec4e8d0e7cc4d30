/** The landing page's anchors, shown in the header on '/' and in its mobile menu. */
export const SECTION_LINKS = [
  { href: '#features', label: 'Features' },
  { href: '#how-it-works', label: 'How It Works' },
  { href: '#testimonials', label: 'Testimonials' },
] as const
