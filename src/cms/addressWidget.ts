/**
 * The address (slug) of a page or a guide in the editor: Decap's own text box, which refuses, beside
 * the field and before anything is saved, an address the build would refuse: a reserved one
 * (/admin...), one the site's own pages have, or another entry's. The other entries are read from
 * the backend when the form opens; the backend's guard (scripts/cmsGuard.ts) checks again on save.
 * Decap 3 asks a widget's `isValid()`: `{ error: { message } }` is shown beside the field.
 */
import type { EditorBoot } from "./boot";

/** The parts of Decap's Immutable.js values read here. */
interface ImmutableMap {
  get(key: string): unknown;
  getIn(path: string[]): unknown;
}

interface ControlProps {
  value?: string;
  entry: ImmutableMap;
  collection: ImmutableMap;
}

/** Another entry of the collection: its file and the address it takes. */
interface Sibling {
  path: string;
  slug: string;
  folder?: string;
}

export interface WidgetHost {
  getWidget(name: string): { control: unknown; preview: unknown } | undefined;
  registerWidget(name: string, control: unknown, preview?: unknown): void;
}

type CreateClass = (spec: Record<string, unknown>) => unknown;
type H = (type: unknown, props: unknown) => unknown;

const field = (text: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*["']?([^"'\\n]*?)["']?[ \\t]*$`, "m").exec(text)?.[1];

/** The collection's other entries, from the local backend (decap-server); none elsewhere. */
async function siblings(proxyUrl: string | undefined, folder: string, extension: string) {
  if (!proxyUrl) return [];
  const res = await fetch(proxyUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      action: "entriesByFolder",
      params: { branch: "main", folder, extension, depth: 1 },
    }),
  });
  if (!res.ok) return [];
  const files = (await res.json()) as { data: string | null; file: { path: string } }[];
  return files.flatMap(({ data, file }): Sibling[] => {
    const slug = data && field(data, "slug");
    return slug ? [{ path: file.path, slug, folder: field(data, "folder") || undefined }] : [];
  });
}

/** Why the build would refuse this address, in words; undefined when it would not. */
export function addressProblem(
  address: EditorBoot["address"],
  collection: string,
  slug: string,
  folder: string | undefined,
  path: string | undefined,
  others: Sibling[],
): string | undefined {
  if (!slug) return undefined;
  const where = (s: string, f?: string) =>
    collection === "guides" ? `/guides/${s}` : f ? `/${f}/${s}` : `/${s}`;
  const mine = where(slug, folder);
  if (collection === "pages" && !folder && address.reserved.includes(slug))
    return `"${slug}" is reserved: /${slug} belongs to the server, the editor, files or a language. Choose another address.`;
  // The site's own pages include the guides: a guide's clash is with another guide, below.
  if (collection === "pages" && address.builtIn.includes(mine))
    return `${mine} is already a page of the site: choose another address${collection === "pages" ? " or folder" : ""}.`;
  const taken = others.find(
    (o) => o.path !== path && (o.slug === slug || where(o.slug, o.folder) === mine),
  );
  if (taken)
    return `${mine} is another ${collection === "guides" ? "guide" : "page"}'s address (${taken.path}): each needs its own. Choose another.`;
  return undefined;
}

/** Registers the widget as `name`: Decap's string control, with the checks above. */
export function registerAddressWidget(
  cms: WidgetHost,
  name: string,
  boot: EditorBoot,
  createClass: CreateClass,
  h: H,
) {
  const string = cms.getWidget("string");
  if (!string) throw new Error("Decap's string widget is not registered");
  const proxyUrl = (boot.config as { backend: { proxy_url?: string } }).backend.proxy_url;
  /** The control's own state: the other entries, read when it opens and when its value changes. */
  interface Self {
    props: ControlProps;
    others?: Sibling[];
    loading?: Promise<Sibling[]>;
  }
  const load = (self: Self) => {
    const folder = self.props.collection.get("folder") as string;
    const extension = self.props.collection.get("extension") as string;
    self.loading = siblings(proxyUrl, folder, extension)
      .catch(() => [])
      .then((others) => (self.others = others));
    return self.loading;
  };
  const check = ({ props }: Self, others: Sibling[]) =>
    addressProblem(
      boot.address,
      props.collection.get("name") as string,
      (props.value ?? "").trim(),
      (props.entry.getIn(["data", "folder"]) as string | undefined) || undefined,
      props.entry.get("path") as string | undefined,
      others,
    );
  const control = createClass({
    componentDidMount(this: Self) {
      void load(this);
    },
    componentDidUpdate(this: Self, previous: ControlProps) {
      // Another tab may have added an entry since the form opened.
      if (previous.value !== this.props.value) void load(this);
    },
    isValid(this: Self) {
      // Answered at once when the entries are known, so one click on Publish is enough.
      if (this.others) {
        const problem = check(this, this.others);
        return problem ? { error: { type: "CUSTOM", message: problem } } : true;
      }
      return (this.loading ?? load(this)).then((others) => {
        const problem = check(this, others);
        // Decap shows a rejection as "<label> - <reason>.": a string reads best there.
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        if (problem) throw problem;
      });
    },
    render(this: Self) {
      return h(string.control, this.props);
    },
  });
  cms.registerWidget(name, control, string.preview);
}
