import { ui } from "../../content/ui";
import { fill } from "../../lib/template";
import type { Slide } from "../../content/types";
import { InlineSvg } from "../InlineSvg";

interface Props {
  slides: Slide[];
  intervalMs: number;
}

/**
 * Home hero (WAI-ARIA carousel). Without JavaScript the slides sit in a swipeable scroll-snap
 * row; src/client/hero.ts then stacks them, loops, auto-advances and pauses on hover, focus or
 * request. Plain TypeScript rather than an island: React here would cost the first paint.
 */
export function HeroSlider({ slides, intervalMs }: Props) {
  return (
    <section
      className="hero"
      aria-roledescription={ui.home.carousel}
      aria-label={ui.home.hero}
      data-hero={intervalMs}
    >
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus so keyboard users can scroll it (WCAG 2.1.1) */}
      <div className="hero-track" id="hero-slides" aria-live="off" tabIndex={0}>
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className={i === 0 ? "hero-slide is-current" : "hero-slide"}
            role="group"
            aria-roledescription={ui.home.slide}
            aria-label={fill(ui.home.slidePosition, { number: i + 1, count: slides.length })}
          >
            <div className="hero-copy">
              <h2 className="hero-title">{slide.title}</h2>
              <p className="hero-description">{slide.description}</p>
              <a className="button button-accent" href={slide.cta.href}>
                {slide.cta.label}
              </a>
            </div>
            <InlineSvg className="hero-image" image={slide.image} />
          </div>
        ))}
      </div>
      <div className="hero-controls">
        {/* The script names the button by its state, in the page's language: both names are here. */}
        <button
          type="button"
          className="hero-play"
          aria-label={ui.home.pauseSlides}
          data-hero-play
          data-label-pause={ui.home.pauseSlides}
          data-label-start={ui.home.startSlides}
        >
          <span className="hero-play-icon" aria-hidden="true" />
        </button>
        <div className="hero-dots" role="group" aria-label={ui.home.chooseSlide}>
          {slides.map((slide, i) => (
            <button
              key={slide.id}
              type="button"
              className="hero-dot"
              aria-label={fill(ui.home.slideLabel, { number: i + 1, title: slide.title })}
              aria-current={i === 0 ? "true" : undefined}
              aria-controls="hero-slides"
              data-hero-dot={i}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
