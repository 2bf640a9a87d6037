import { slides } from "../../../content/home";
import { site } from "../../../content/site";
import { HERO_INTERVAL_MS } from "../../lib/carousel";
import { Island } from "../../islands/Island";
import { HeroSlider } from "../../islands/HeroSlider";

/** Home hero: the page heading and the four-slide carousel island. */
export function Hero() {
  return (
    <div className="hero-wrap">
      <div className="container">
        <h1 className="visually-hidden">
          {site.name}: {site.tagline}
        </h1>
        <Island
          name="HeroSlider"
          component={HeroSlider}
          props={{ slides, intervalMs: HERO_INTERVAL_MS }}
          hydrate="idle"
        />
      </div>
    </div>
  );
}
