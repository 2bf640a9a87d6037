import { slides } from "../../content/home";
import { site } from "../../content/site";
import { HERO_INTERVAL_MS } from "../../lib/carousel";
import { HeroSlider } from "./HeroSlider";

/** Home hero: the page heading and the four-slide carousel. */
export function Hero() {
  return (
    <div className="hero-wrap">
      <div className="container">
        <h1 className="visually-hidden">
          {site.name}: {site.tagline}
        </h1>
        <HeroSlider slides={slides} intervalMs={HERO_INTERVAL_MS} />
      </div>
    </div>
  );
}
