/**
 * The shape of `content/navigation.yaml`: the header's menu and call to action, the footer's
 * quick links and the students' tools. The Courses menu is made from the programme pages
 * (content/programmes.yaml) and the tools, so a new programme page or tool reaches it by itself.
 */
import { z } from "zod";
import { iconName, linkSchema, text } from "./common";
import { characters, layoutLimits, MENU_ENTRIES, MENU_REASON } from "./limits";

const { menuLabel, menuTotal } = layoutLimits.en;

/** Named menus made from other content: where one of them opens in the main menu. */
export const builtMenus = ["courses"] as const;

export const menuItemSchema = z
  .object({
    label: text(menuLabel, MENU_REASON).meta({
      title: "Text",
      description: `What the entry says: up to ${menuLabel} characters, and all the entries' texts together up to ${menuTotal}.`,
    }),
    href: linkSchema.shape.href.optional(),
    menu: z.enum(builtMenus).optional().meta({
      title: "Opens a menu",
      description:
        "Instead of a link: courses opens the programme pages and the students' tools, listed from them.",
    }),
  })
  .strict()
  .superRefine((item, ctx) => {
    if (!item.href === !item.menu)
      ctx.addIssue({
        code: "custom",
        path: [item.href ? "menu" : "href"],
        message: "a link (Goes to) or a menu (Opens a menu), one of the two",
      });
  });

export const toolLinkSchema = z
  .object({
    label: linkSchema.shape.label,
    href: linkSchema.shape.href,
    icon: iconName,
    description: text(200).meta({
      title: "Text",
      description: "On the home page's card: one or two sentences.",
    }),
  })
  .strict();

export const navigationFileSchema = z
  .object({
    mainNav: z
      .array(menuItemSchema)
      .min(1)
      .max(MENU_ENTRIES, `at most ${MENU_ENTRIES} entries: ${MENU_REASON}`)
      .meta({
        title: "Main menu",
        description: `The header's menu, in order: up to ${MENU_ENTRIES} entries whose texts come to ${menuTotal} characters at most together, so that it fits on one line (the logo leads home too).`,
      }),
    headerCta: z
      .object({
        href: linkSchema.shape.href,
        desktopLabel: text(16).meta({
          title: "Text on a computer",
          description: "Short: up to 16 characters.",
        }),
        mobileLabel: text(28).meta({
          title: "Text on a phone",
          description: "Up to 28 characters: the phone's menu has the room.",
        }),
      })
      .strict()
      .meta({ title: "The header's button" }),
    footerTitles: z
      .object({
        quickLinks: text(40).meta({
          title: "Quick links",
          description: "The heading of the quick links below.",
        }),
        destinations: text(40).meta({
          title: "Destinations",
          description: "The heading of the study destinations (the Destinations collection).",
        }),
        programmes: text(40).meta({
          title: "Programmes",
          description: "The heading of the programme pages and the students' tools.",
        }),
      })
      .strict()
      .meta({ title: "The footer's columns", description: "Their headings, in order." }),
    quickLinks: z
      .array(linkSchema)
      .min(1)
      .meta({ title: "Quick links", description: "The footer's first column, in order." }),
    toolLinks: z.array(toolLinkSchema).meta({
      title: "Students' tools",
      description: "In the Courses menu, the footer and the home page's teaser.",
    }),
  })
  .strict()
  .superRefine(({ mainNav }, ctx) => {
    const total = mainNav.reduce((sum, item) => sum + characters(item.label), 0);
    if (total > menuTotal)
      ctx.addIssue({
        code: "custom",
        path: ["mainNav"],
        message: `the entries' texts come to ${total} characters together, at most ${menuTotal}: ${MENU_REASON}. Shorten one or leave one out`,
      });
    mainNav.forEach((item, i) => {
      if (item.menu && mainNav.findIndex((m) => m.menu === item.menu) < i)
        ctx.addIssue({
          code: "custom",
          path: ["mainNav", i, "menu"],
          message: `the ${item.menu} menu is already entry ${mainNav.findIndex((m) => m.menu === item.menu) + 1}`,
        });
    });
  });

export type MenuItem = z.infer<typeof menuItemSchema>;
