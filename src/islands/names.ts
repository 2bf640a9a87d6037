/** Every island, by the name used in data-island and in the page entries the build writes. */
export const islandNames = [
  "HeroSlider",
  "CourseSearch",
  "Testimonials",
  "ProgrammeSearch",
  "CostPlanner",
  "RouteFinder",
] as const;

export type IslandName = (typeof islandNames)[number];
