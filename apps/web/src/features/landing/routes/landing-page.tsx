import { useEffect } from 'react'
import { ContactSection } from '../components/contact-section'
import { FeaturesSection } from '../components/features-section'
import { HeroSection } from '../components/hero-section'
import { HowItWorksSection } from '../components/how-it-works-section'
import { SiteFooter } from '../components/site-footer'
import { TestimonialsSection } from '../components/testimonials-section'

/** A link such as /#contact arrives before the sections exist, so the browser cannot jump to it itself. */
function useScrollToHashOnArrival() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1))
    if (id) document.getElementById(id)?.scrollIntoView()
  }, [])
}

export function LandingPage() {
  useScrollToHashOnArrival()
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <HowItWorksSection />
      <TestimonialsSection />
      <ContactSection />
      <SiteFooter />
    </>
  )
}
