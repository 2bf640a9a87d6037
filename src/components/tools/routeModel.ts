import { routeFinderCopy, routeQuestions, routeRules } from "../../content/routeFinder";
import { studyRoutes } from "../../content/studyRoutes";

/** Everything the route finder shows, from content/: the island's props and the page's tables. */
export const routeModel = {
  questions: routeQuestions,
  rules: routeRules,
  routes: studyRoutes,
  copy: routeFinderCopy,
};

export type RouteModel = typeof routeModel;
