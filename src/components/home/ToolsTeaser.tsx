import { toolsTeaser } from "../../content/home";
import { toolLinks } from "../../content/navigation";
import { Icon } from "../Icon";
import { Section } from "../Section";

/** Home #tools: the route finder and the cost planner, one card each. */
export function ToolsTeaser() {
  return (
    <Section id="tools" title={toolsTeaser.title} intro={toolsTeaser.intro}>
      <ul className="card-grid tool-cards">
        {toolLinks.map((tool) => (
          <li className="card highlight tool-card" key={tool.href}>
            <span className="icon-badge">
              <Icon name={tool.icon} />
            </span>
            <h3>
              <a href={tool.href}>{tool.label}</a>
            </h3>
            <p>{tool.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
