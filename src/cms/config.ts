/**
 * The Decap CMS configuration of /admin/, generated at build time from the zod schemas of the
 * content collections (src/content/collections.ts): a field's label, hint, required flag,
 * options and limits are the schema's, so a field added there reaches the editor with the next
 * build. A field of a type this generator does not know stops the build, naming it.
 */
import { z } from "zod";
import { collections, type Collection, type FolderCollection } from "../content/collections";
import { ADDRESS_WIDGET, formatName, LOCAL_BACKEND } from "./boot";

/** A JSON Schema node as zod's `toJSONSchema` writes it (the parts read here). */
interface JsonSchema {
  type?: string;
  title?: string;
  description?: string;
  enum?: (string | number)[];
  default?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  /** A widget named in the schema's `.meta({ widget })`. */
  widget?: string;
  /** Why a text's length is limited (src/content/schema/common.ts `text`): said with the limit. */
  limitReason?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  /** A fixed value: a discriminated union's tag (`type: "hero"`). */
  const?: string;
  /** The members of a union (a block of a page: one of several shapes). */
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

/** One Decap field (widget) as written to config.yml. */
export interface CmsField {
  name: string;
  label: string;
  widget:
    | "string"
    | "text"
    | "select"
    | "number"
    | "boolean"
    | "list"
    | "object"
    | "image"
    | typeof ADDRESS_WIDGET;
  hint?: string;
  required: boolean;
  default?: unknown;
  options?: string[];
  /** A select of several options (a list of enum values). */
  multiple?: boolean;
  pattern?: [string, string];
  value_type?: "int" | "float";
  min?: number;
  max?: number;
  step?: number;
  field?: Pick<CmsField, "name" | "label" | "widget" | "pattern">;
  fields?: CmsField[];
  label_singular?: string;
  summary?: string;
  collapsed?: boolean;
  allow_add?: boolean;
  /** A typed list (Decap's list with `types`): each entry one of these, told apart by `typeKey`. */
  types?: CmsField[];
  typeKey?: string;
}

/** Thrown when the schema has something the editor cannot show: the build stops with it. */
export class CmsSchemaError extends Error {}

/** Strings longer than this get a multi-line box. */
const LONG_TEXT = 120;

const humanise = (name: string) =>
  name.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase());

/** The fields an entry of a list is named by in the editor's list, best first. */
const SUMMARY_FIELDS = ["title", "name", "label", "legend", "id", "slug", "days", "date"];

/** An object's properties as Decap widgets, in the schema's order. */
function objectFields(node: JsonSchema, path: string): CmsField[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).map(([name, property]) =>
    widgetFor(name, property, required.has(name), `${path}.${name}`),
  );
}

/** One schema property as a Decap widget; `path` names it in errors ("events[].start"). */
function widgetFor(name: string, node: JsonSchema, required: boolean, path: string): CmsField {
  const base = {
    name,
    label: node.title ?? humanise(name),
    ...(node.description ? { hint: node.description } : {}),
    required,
    ...(node.default !== undefined ? { default: node.default } : {}),
  };
  // An image: Decap's picker, which uploads into the media folder (static/uploads/).
  if (node.type === "string" && node.widget === "image") return { ...base, widget: "image" };
  if (node.type === "string" && node.enum)
    return { ...base, widget: "select", options: node.enum.map(String) };
  if (node.type === "string") {
    // An https address: the schema's z.url({ protocol: /^https$/ }).
    const url = node.format === "uri" && !node.pattern;
    // Free text: its length and "not blank" (the schema trims) as a pattern, since Decap's text
    // widgets have no length limit of their own.
    const bounded = !node.pattern && !url && (node.maxLength !== undefined || node.minLength);
    const limits = [
      ...(node.maxLength !== undefined ? [`up to ${node.maxLength} characters`] : []),
      ...(node.minLength ? ["not blank"] : []),
    ].join(", ");
    const pattern = url
      ? "^https://\\S+$"
      : bounded
        ? `^${node.minLength ? "(?=[\\s\\S]*\\S)" : ""}[\\s\\S]{0,${node.maxLength ?? ""}}$`
        : node.pattern;
    const message = url
      ? "an https:// address"
      : bounded
        ? limits.replace(/^./, (c) => c.toUpperCase()) +
          (node.limitReason ? `: ${node.limitReason}` : "")
        : (node.description ?? "not in the expected form");
    // A long or unbounded free text gets a multi-line box; a code-like one (a pattern) a line.
    const long = node.maxLength !== undefined ? node.maxLength > LONG_TEXT : !node.pattern && !url;
    return {
      ...base,
      widget: long ? "text" : "string",
      ...(pattern ? { pattern: [pattern, message] as [string, string] } : {}),
    };
  }
  if (node.type === "integer" || node.type === "number")
    return {
      ...base,
      widget: "number",
      value_type: node.type === "integer" ? "int" : "float",
      ...(node.minimum !== undefined ? { min: node.minimum } : {}),
      ...(node.maximum !== undefined ? { max: node.maximum } : {}),
      ...(node.type === "integer" ? { step: 1 } : {}),
    };
  if (node.type === "boolean") return { ...base, widget: "boolean" };
  if (node.type === "object" && node.properties) {
    // An optional box (a block's picture): its own fields are needed only once it is used, which
    // the build checks; Decap would refuse to save the entry with the box left empty.
    const fields = objectFields(node, path).map((f) => (required ? f : { ...f, required: false }));
    return { ...base, widget: "object", collapsed: true, fields };
  }
  const limits = {
    ...(node.minItems ? { min: node.minItems } : {}),
    ...(node.maxItems !== undefined ? { max: node.maxItems } : {}),
  };
  // A list of a discriminated union (a page's blocks): Decap's typed list, one type a member,
  // named by its tag; the tag itself is Decap's typeKey, not a field staff fill in.
  const members = node.items?.oneOf ?? node.items?.anyOf;
  if (node.type === "array" && members) {
    const types = members.map((member): CmsField => {
      const tag = member.properties?.type?.const;
      if (member.type !== "object" || typeof tag !== "string")
        throw new CmsSchemaError(
          `The editor (src/cms/config.ts) shows a list of several shapes at ${path} only when each is an object with a fixed "type"`,
        );
      const properties = Object.fromEntries(
        Object.entries(member.properties ?? {}).filter(([key]) => key !== "type"),
      );
      const fields = objectFields({ ...member, properties }, `${path}[${tag}]`);
      const named = ["heading", ...SUMMARY_FIELDS].find((f) =>
        fields.some((field) => field.name === f),
      );
      return {
        name: tag,
        label: member.title ?? humanise(tag),
        widget: "object",
        required: true,
        ...(member.description ? { hint: member.description } : {}),
        ...(named ? { summary: `{{fields.${named}}}` } : {}),
        fields,
      };
    });
    return { ...base, widget: "list", ...limits, collapsed: true, typeKey: "type", types };
  }
  if (node.type === "array" && node.items?.type === "object" && node.items.properties) {
    const fields = objectFields(node.items, `${path}[]`);
    const named = SUMMARY_FIELDS.find((f) => fields.some((field) => field.name === f));
    return {
      ...base,
      widget: "list",
      ...limits,
      collapsed: true,
      ...(named ? { summary: `{{fields.${named}}}` } : {}),
      fields,
    };
  }
  if (node.type === "array" && node.items?.type === "string" && node.items.enum)
    return {
      ...base,
      widget: "select",
      multiple: true,
      options: node.items.enum.map(String),
      ...limits,
    };
  if (node.type === "array" && node.items?.type === "string") {
    const item = widgetFor(name, node.items, true, `${path}[]`);
    return {
      ...base,
      widget: "list",
      ...limits,
      field: {
        name: item.name,
        label: node.items.title ?? base.label,
        widget: item.widget,
        ...(item.pattern ? { pattern: item.pattern } : {}),
      },
    };
  }
  throw new CmsSchemaError(
    `The editor (src/cms/config.ts) does not know the field ${path} of type ${
      node.type === "array" ? `array of ${node.items?.type ?? "unknown"}` : (node.type ?? "unknown")
    }: teach widgetFor() that type, or change the field in its schema.`,
  );
}

/** A schema's fields as Decap widgets, in its order; `path` names them in errors ("events[]"). */
export function schemaFields(schema: z.ZodType, path: string): CmsField[] {
  let json: JsonSchema;
  try {
    // "input": a field with a default may be left out, so it is not required in the editor.
    // A type JSON Schema cannot describe (a date...) comes out typeless: widgetFor names it.
    json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  } catch (error) {
    throw new CmsSchemaError(
      `The editor cannot describe the schema of ${path}: ${(error as Error).message}`,
    );
  }
  if (json.type !== "object" || !json.properties)
    throw new CmsSchemaError(`The schema of ${path} is not an object of fields`);
  return objectFields(json, path);
}

/** Where the editor saves, from the build's environment (docs/developers/editor.md). */
export interface CmsBackendEnv {
  CMS_BACKEND?: string;
  CMS_REPO?: string;
  CMS_BRANCH?: string;
  CMS_BASE_URL?: string;
  CMS_API_ROOT?: string;
  CMS_PROXY_URL?: string;
}

const hosted = ["github", "gitlab", "gitea"] as const;

/** Git hosts' API origins the editor talks to (connect-src of /admin/). */
const hostApi: Record<(typeof hosted)[number], string> = {
  github: "https://api.github.com",
  gitlab: "https://gitlab.com",
  gitea: "",
};

export const DEFAULT_PROXY_URL = "http://localhost:8081/api/v1";

/** CMS_BACKEND=off: no editor is built (a deploy that edits elsewhere). */
export const editorWanted = (env: CmsBackendEnv = process.env) => env.CMS_BACKEND !== "off";

/** The backend block, and the origins the editor must be allowed to connect to. */
export function cmsBackend(env: CmsBackendEnv = process.env) {
  const name = env.CMS_BACKEND || "local";
  if (name === "local") {
    const proxyUrl = env.CMS_PROXY_URL || DEFAULT_PROXY_URL;
    let origin: string;
    try {
      origin = new URL(proxyUrl).origin;
    } catch {
      throw new CmsSchemaError(`CMS_PROXY_URL is not an address: ${proxyUrl}`);
    }
    // decap-server writes the files in the working copy; nothing is published by itself.
    // Decap's proxy backend, registered by ./init.ts under our name (a missing file is an error).
    return {
      backend: { name: LOCAL_BACKEND, proxy_url: proxyUrl, branch: "main" },
      connect: [origin],
    };
  }
  if (!(hosted as readonly string[]).includes(name))
    throw new CmsSchemaError(
      `CMS_BACKEND must be local, ${hosted.join(", ")} or off: not "${name}"`,
    );
  if (!env.CMS_REPO || !/^[\w.-]+\/[\w.-]+$/.test(env.CMS_REPO))
    throw new CmsSchemaError(`CMS_BACKEND=${name} needs CMS_REPO=owner/name`);
  const apiRoot = env.CMS_API_ROOT;
  if (name === "gitea" && !apiRoot)
    throw new CmsSchemaError("CMS_BACKEND=gitea needs CMS_API_ROOT (https://host/api/v1)");
  const origins = [hostApi[name as (typeof hosted)[number]], apiRoot, env.CMS_BASE_URL]
    .filter((u): u is string => !!u)
    .map((u) => new URL(u).origin);
  return {
    backend: {
      name,
      repo: env.CMS_REPO,
      branch: env.CMS_BRANCH || "main",
      ...(env.CMS_BASE_URL ? { base_url: env.CMS_BASE_URL } : {}),
      ...(apiRoot ? { api_root: apiRoot } : {}),
    },
    connect: [...new Set(origins)],
  };
}

/** An entry's address: a text box that refuses an address taken or reserved (./addressWidget.ts). */
const withAddressWidget = (fields: CmsField[]) =>
  fields.map((f): CmsField =>
    f.name === "slug" && f.widget === "string" ? { ...f, widget: ADDRESS_WIDGET } : f,
  );

/** A folder of Markdown files: one entry a file, its front matter's fields, then its text. */
function folderCollection(collection: FolderCollection) {
  // A folder of YAML files (the pages staff compose): one entry a file, its fields from the schema.
  if (!collection.body)
    return {
      name: collection.name,
      label: collection.label,
      label_singular: collection.singular,
      description: collection.description,
      // Written as by hand (./contentFormat.ts); the preview draws the page's blocks (./pagePreview.tsx).
      format: formatName(collection.name),
      extension: "yaml",
      folder: collection.folder,
      create: true,
      slug: "{{fields.slug}}",
      identifier_field: "title",
      summary: collection.summary,
      sortable_fields: ["title", "slug"],
      fields: withAddressWidget(schemaFields(collection.schema, collection.name)),
    };
  return {
    name: collection.name,
    label: collection.label,
    label_singular: collection.singular,
    description: collection.description,
    // The preview is the site's guide page (src/cms/guidePreview.tsx, registered by ./init.ts).
    // Written as by hand (./contentFormat.ts): front matter in the schema's order, then the text.
    format: formatName(collection.name),
    extension: "md",
    folder: collection.folder,
    create: true,
    slug: "{{fields.slug}}",
    identifier_field: "slug",
    summary: collection.summary,
    sortable_fields: ["position", "title", "updated"],
    fields: [
      ...withAddressWidget(schemaFields(collection.schema, collection.name)),
      {
        name: "body",
        label: "Text",
        widget: "text",
        hint: collection.body,
        required: true,
        pattern: ["^\\s*## .+\\{#[a-z0-9-]+\\}", "Start with a section: ## Heading {#id}"],
      } satisfies CmsField,
    ],
  };
}

/** One collection of the editor: its file, whose top-level fields come from its schema. */
export function cmsCollection(collection: Collection | FolderCollection) {
  if ("folder" in collection) return folderCollection(collection);
  const fields = schemaFields(collection.schema, collection.name).map((field) =>
    field.widget === "list" && collection.list
      ? {
          ...field,
          label_singular: collection.list.singular,
          ...(collection.list.summary ? { summary: collection.list.summary } : {}),
        }
      : // A file that is one object (a page's words) opens with its fields shown.
        { ...field, collapsed: false },
  );
  return {
    name: collection.name,
    label: collection.label,
    description: collection.description,
    editor: { preview: false },
    // Written as by hand: fields in the schema's order, comments kept (./contentFormat.ts).
    format: formatName(collection.name),
    files: [{ name: collection.name, label: collection.fileLabel, file: collection.file, fields }],
  };
}

/** The whole configuration passed to `CMS.init({ config })`. */
export function cmsConfig(
  env: CmsBackendEnv = process.env,
  list: (Collection | FolderCollection)[] = collections,
) {
  const { backend } = cmsBackend(env);
  return {
    // The configuration is this object: Decap does not fetch a config.yml.
    load_config_file: false,
    backend,
    // Hosted: every change is a pull/merge request a second person can review before it goes live.
    ...(backend.name === LOCAL_BACKEND ? {} : { publish_mode: "editorial_workflow" }),
    media_folder: "static/uploads",
    public_folder: "/uploads",
    // An optional field left empty is left out of the file (an empty joinLink is no link).
    omit_empty_optional_fields: true,
    site_url: "/",
    display_url: "/",
    logo_url: "/favicon.svg",
    collections: list.map(cmsCollection),
  };
}
