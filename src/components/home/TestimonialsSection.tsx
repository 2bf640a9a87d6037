import { testimonialsSection } from "../../content/home";
import { testimonials } from "../../content/testimonials";
import { Island } from "../../islands/Island";
import { Testimonials } from "../../islands/Testimonials";
import { Section } from "../Section";

/** Student Success Stories with the carousel island. */
export function TestimonialsSection() {
  return (
    <Section
      id="testimonials"
      title={testimonialsSection.title}
      intro={testimonialsSection.intro}
      className="section-tint"
    >
      <Island
        name="Testimonials"
        component={Testimonials}
        props={{ testimonials }}
        hydrate="visible"
      />
    </Section>
  );
}
