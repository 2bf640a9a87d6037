import { useEffect, useState, type FocusEvent } from "react";
import type { Slide } from "../../content/types";
import { wrapIndex } from "../lib/carousel";
import { useEnhanced, useMediaQuery } from "./useEnhanced";

export interface HeroSliderProps {
  slides: Slide[];
  intervalMs: number;
}

/**
 * Home hero (WAI-ARIA carousel). Without JavaScript the slides sit in a swipeable scroll-snap
 * row; once hydrated they stack, loop, auto-advance and pause on hover, focus or request.
 */
export function HeroSlider({ slides, intervalMs }: HeroSliderProps) {
  const enhanced = useEnhanced();
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [held, setHeld] = useState(false);
  const playing = enhanced && !stopped && !reducedMotion;

  useEffect(() => {
    if (!playing || held) return;
    const timer = setTimeout(() => setIndex((i) => wrapIndex(i + 1, slides.length)), intervalMs);
    return () => clearTimeout(timer);
  }, [playing, held, index, intervalMs, slides.length]);

  const release = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
  };

  return (
    <section
      className={enhanced ? "hero is-enhanced" : "hero"}
      aria-roledescription="carousel"
      aria-label="Featured"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={release}
    >
      <div
        className="hero-track"
        id="hero-slides"
        aria-live={playing && !held ? "off" : "polite"}
        tabIndex={enhanced ? undefined : 0}
      >
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className={i === index ? "hero-slide is-current" : "hero-slide"}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            inert={enhanced && i !== index}
          >
            <div className="hero-copy">
              <h2 className="hero-title">{slide.title}</h2>
              <p className="hero-description">{slide.description}</p>
              <a className="button button-accent" href={slide.cta.href}>
                {slide.cta.label}
              </a>
            </div>
            <img
              className="hero-image"
              src={slide.image.src}
              alt={slide.image.alt}
              width={slide.image.width}
              height={slide.image.height}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : undefined}
            />
          </div>
        ))}
      </div>
      <div className="hero-controls">
        {/* Under reduced motion nothing rotates, so there is nothing to pause. */}
        {!reducedMotion && (
          <button
            type="button"
            className="hero-play"
            aria-label={playing ? "Pause slide rotation" : "Start slide rotation"}
            onClick={() => setStopped(playing)}
          >
            <span className={playing ? "icon-pause" : "icon-play"} aria-hidden="true" />
          </button>
        )}
        <div className="hero-dots" role="group" aria-label="Choose a slide">
          {slides.map((slide, i) => (
            <button
              key={slide.id}
              type="button"
              className="hero-dot"
              aria-label={`Slide ${i + 1}: ${slide.title}`}
              aria-current={i === index ? "true" : undefined}
              aria-controls="hero-slides"
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
