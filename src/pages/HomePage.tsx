import { Hero } from "../components/home/Hero";
import { PromoBanner } from "../components/home/PromoBanner";
import { PartnerStrip } from "../components/home/PartnerStrip";
import { GlobalNetwork } from "../components/home/GlobalNetwork";
import { Courses } from "../components/home/Courses";
import { ContactSection } from "../components/ContactSection";
import { TestimonialsSection } from "../components/home/TestimonialsSection";
import { AboutTeaser } from "../components/home/AboutTeaser";
import { SupportTeaser } from "../components/home/SupportTeaser";
import { Destinations } from "../components/home/Destinations";
import { GuidesSection } from "../components/home/GuidesSection";
import { Careers } from "../components/home/Careers";
import { ToolsTeaser } from "../components/home/ToolsTeaser";
import { EventsTeaser } from "../components/home/EventsTeaser";

/** Home: the spec's sections in order, then the sections decisions.md adds. */
export function HomePage() {
  return (
    <>
      <Hero />
      <PromoBanner />
      <PartnerStrip />
      <GlobalNetwork />
      <Courses />
      <ToolsTeaser />
      <ContactSection formId="enquiry-form" />
      <TestimonialsSection />
      <AboutTeaser />
      <SupportTeaser />
      <Destinations />
      <EventsTeaser />
      <GuidesSection />
      <Careers />
    </>
  );
}
