import { ui } from "../../content/ui";
import { courseCards, coursesSection } from "../../content/home";
import { categoryBySlug } from "../../lib/categories";
import { Island } from "../../islands/Island";
import { CourseSearch } from "../../islands/CourseSearch";
import { Section } from "../Section";
import { Picture } from "../Picture";

/** Courses: the search island and the six course cards, each linking to its category page. */
export function Courses() {
  const courses = courseCards.map((card) => {
    const category = categoryBySlug(card.slug);
    return { ...card, href: category.path, category: category.name };
  });
  return (
    <Section id="courses" title={coursesSection.title} intro={coursesSection.intro}>
      <Island
        name="CourseSearch"
        component={CourseSearch}
        props={{
          courses: courses.map(({ title, summary, href, category }) => ({
            title,
            summary,
            href,
            category,
          })),
          emptyMessage: ui.search.homeEmpty,
        }}
        hydrate="visible"
      />
      <ul className="card-grid course-cards">
        {courses.map((course) => (
          <li className="card course-card" key={course.title}>
            <Picture image={course.image} className="card-image" />
            <h3>
              <a className="card-link" href={course.href}>
                {course.title}
              </a>
            </h3>
            <p>{course.summary}</p>
            <p className="card-meta">{course.category}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
