import { ContactSection } from '../components/contact-section'
import { FeaturesSection } from '../components/features-section'
import { HeroSection } from '../components/hero-section'
import { HowItWorksSection } from '../components/how-it-works-section'
import { SiteFooter } from '../components/site-footer'
import { TestimonialsSection } from '../components/testimonials-section'

export function LandingPage() {
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
