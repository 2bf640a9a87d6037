import { ui } from "../content/ui";
import { useState } from "react";
import { matchCourses } from "../lib/search";
import { Combobox } from "./Combobox";

export interface CourseSearchProps {
  /** Searchable cards, each with the page of its own category. */
  courses: { title: string; summary: string; href: string; category: string }[];
  emptyMessage: string;
}

/** Home course search: suggestions lead to each course's own category page. */
export function CourseSearch({ courses, emptyMessage }: CourseSearchProps) {
  const [text, setText] = useState("");
  const matches = matchCourses(courses, text);
  return (
    <Combobox
      id="course-search"
      label={ui.search.courses}
      placeholder={ui.home.courseSearchPlaceholder}
      value={text}
      onValueChange={setText}
      options={matches?.map((c) => ({ id: c.title, label: c.title, detail: c.category })) ?? null}
      onChoose={(option) => {
        const course = courses.find((c) => c.title === option.id);
        setText("");
        if (course) window.location.assign(course.href);
      }}
      emptyMessage={emptyMessage}
    />
  );
}
