import { ui } from "../content/ui";
import { fill } from "../lib/template";
import { useState } from "react";
import type { Testimonial } from "../content/types";
import { Avatar } from "../components/Avatar";
import { wrapIndex } from "../lib/carousel";
import { useEnhanced } from "./useEnhanced";

export interface TestimonialsProps {
  testimonials: Testimonial[];
}

/** Success stories: a fading carousel once hydrated, a swipeable row without JavaScript. */
export function Testimonials({ testimonials }: TestimonialsProps) {
  const enhanced = useEnhanced();
  const [index, setIndex] = useState(0);
  const count = testimonials.length;
  const go = (i: number) => setIndex(wrapIndex(i, count));

  return (
    <div
      className={enhanced ? "testimonials is-enhanced" : "testimonials"}
      role="group"
      aria-roledescription={ui.home.carousel}
      aria-label={ui.home.stories}
    >
      <ul className="spotlight" aria-label={ui.home.spotlight}>
        {testimonials.map((t, i) => (
          <li key={t.id}>
            <a
              className="spotlight-chip"
              href={`#testimonial-${t.id}`}
              aria-current={enhanced && i === index ? "true" : undefined}
              onClick={(event) => {
                event.preventDefault();
                go(i);
              }}
            >
              <Avatar name={t.name} image={t.image} size={32} />
              {t.name}
            </a>
          </li>
        ))}
      </ul>
      <div
        className="testimonial-track"
        id="testimonial-slides"
        aria-live="polite"
        tabIndex={enhanced ? undefined : 0}
      >
        {testimonials.map((t, i) => (
          <div
            key={t.id}
            id={`testimonial-${t.id}`}
            className={i === index ? "testimonial is-current" : "testimonial"}
            role="group"
            aria-roledescription={ui.home.slide}
            aria-label={fill(ui.home.slidePosition, { number: i + 1, count })}
            inert={enhanced && i !== index}
          >
            <figure>
              <blockquote>
                <p>{t.quote}</p>
              </blockquote>
              <figcaption>
                <Avatar name={t.name} image={t.image} size={56} />
                <span>
                  <strong>{t.name}</strong>
                  <span className="testimonial-program">{t.program}</span>
                </span>
              </figcaption>
            </figure>
          </div>
        ))}
      </div>
      <div className="testimonial-controls">
        <button type="button" aria-controls="testimonial-slides" onClick={() => go(index - 1)}>
          <span aria-hidden="true">←</span>
          <span className="visually-hidden">{ui.home.previousStory}</span>
        </button>
        <div className="testimonial-dots" role="group" aria-label={ui.home.chooseStory}>
          {testimonials.map((t, i) => (
            <button
              key={t.id}
              type="button"
              className="dot"
              aria-label={fill(ui.home.storyLabel, { number: i + 1, name: t.name })}
              aria-current={i === index ? "true" : undefined}
              aria-controls="testimonial-slides"
              onClick={() => go(i)}
            />
          ))}
        </div>
        <button type="button" aria-controls="testimonial-slides" onClick={() => go(index + 1)}>
          <span aria-hidden="true">→</span>
          <span className="visually-hidden">{ui.home.nextStory}</span>
        </button>
      </div>
    </div>
  );
}
