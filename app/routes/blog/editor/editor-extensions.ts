import { type CommandProps, Extension, type Extensions } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import Subscript from "@tiptap/extension-subscript";
import Superscript from "@tiptap/extension-superscript";
import {
  BackgroundColor,
  Color,
  TextStyle,
} from "@tiptap/extension-text-style";
import Youtube from "@tiptap/extension-youtube";
import StarterKit from "@tiptap/starter-kit";
import { Link } from "@mantine/tiptap";
import { isAllowedImageSrc, isAllowedLinkUrl } from "./editor-urls.ts";
import { DECORATIVE_ATTRIBUTE } from "./image-alt.ts";

// The rich-text editor's schema: the product's toolbar and nothing more, so what
// an author writes is what the sanitizer keeps.

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    indent: {
      /** Indents list items (nesting them) or paragraphs and headings. */
      indent: () => ReturnType;
      /** The reverse of indent. */
      outdent: () => ReturnType;
    };
  }
}

const BLOCK_TYPES = ["paragraph", "heading"];
const MAX_INDENT = 8;
const INDENT_STEP_EM = 2;

function indentLevel(element: HTMLElement) {
  const match = /^(\d+)em$/.exec(element.style.marginInlineStart);
  if (!match) return 0;
  return Math.min(MAX_INDENT, Math.round(Number(match[1]) / INDENT_STEP_EM));
}

/**
 * Indent and outdent. Inside a list they nest and un-nest the item; on
 * paragraphs and headings they step a start margin (which follows the text
 * direction) that the sanitizer allows in whole em.
 */
export const Indent = Extension.create({
  name: "indent",
  addGlobalAttributes() {
    return [
      {
        types: BLOCK_TYPES,
        attributes: {
          indent: {
            default: 0,
            parseHTML: indentLevel,
            renderHTML: (attributes) =>
              attributes.indent
                ? {
                    style: `margin-inline-start:${attributes.indent * INDENT_STEP_EM}em`,
                  }
                : {},
          },
        },
      },
    ];
  },
  addCommands() {
    const step =
      (delta: number) =>
      () =>
      ({ editor, commands, state, tr }: CommandProps) => {
        if (editor.isActive("listItem")) {
          return delta > 0
            ? commands.sinkListItem("listItem")
            : commands.liftListItem("listItem");
        }
        let changed = false;
        state.doc.nodesBetween(
          state.selection.from,
          state.selection.to,
          (node, pos) => {
            if (!BLOCK_TYPES.includes(node.type.name)) return true;
            const current = Number(node.attrs.indent ?? 0);
            const next = Math.max(0, Math.min(MAX_INDENT, current + delta));
            if (next !== current) {
              tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: next });
              changed = true;
            }
            return false;
          },
        );
        return changed;
      };
    return { indent: step(1), outdent: step(-1) };
  },
});

const DIRECTIONS = new Set(["ltr", "rtl", "auto"]);

/**
 * A `dir` attribute on text blocks and lists, so Tiptap's setTextDirection
 * has somewhere to write. (Its own TextDirection extension only adds one when
 * a direction is forced on the whole document.)
 */
export const BlockDirection = Extension.create({
  name: "blockDirection",
  addGlobalAttributes() {
    return [
      {
        types: [
          "paragraph",
          "heading",
          "blockquote",
          "codeBlock",
          "bulletList",
          "orderedList",
          "listItem",
        ],
        attributes: {
          dir: {
            default: null,
            parseHTML: (element) => {
              const dir = element.getAttribute("dir");
              return dir && DIRECTIONS.has(dir) ? dir : null;
            },
            renderHTML: (attributes) =>
              attributes.dir ? { dir: attributes.dir } : {},
          },
        },
      },
    ];
  },
});

/**
 * Links with a scheme other than http, https or data become an empty link:
 * the mark stays, without a destination.
 */
const SafeLink = Link.extend({
  // With autolink on, Tiptap makes links inclusive: text typed after a link
  // (even in the next paragraph after Enter) would join it. Authors expect a
  // link to end where they put it.
  inclusive() {
    return false;
  },
  addCommands() {
    const parent = this.parent?.() ?? {};
    return {
      ...parent,
      setLink:
        (attributes) =>
        ({ chain }) =>
          chain()
            .setMark(this.name, {
              ...attributes,
              href: isAllowedLinkUrl(attributes.href)
                ? attributes.href.trim()
                : "",
            })
            .setMeta("preventAutolink", true)
            .run(),
    };
  },
}).configure({
  isAllowedUri: (url) => isAllowedLinkUrl(url),
  shouldAutoLink: (url) => isAllowedLinkUrl(url),
  HTMLAttributes: { rel: "noopener noreferrer nofollow", target: null },
});

/** Attributes of uploaded images the sanitizer keeps on its terms (app/lib/sanitize.ts). */
const keptAttribute = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute(name),
});

/**
 * Images only from allowed URLs or inline data (posts written before uploads
 * keep theirs); an uploaded image keeps its variants.
 */
const SafeImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      srcset: keptAttribute("srcset"),
      sizes: keptAttribute("sizes"),
      loading: keptAttribute("loading"),
      // Marked decorative on purpose: alt="" is then the description.
      decorative: {
        default: false,
        parseHTML: (element: HTMLElement) =>
          element.hasAttribute(DECORATIVE_ATTRIBUTE),
        renderHTML: (attributes: { decorative?: boolean }) =>
          attributes.decorative ? { [DECORATIVE_ATTRIBUTE]: "" } : {},
      },
    };
  },
  parseHTML() {
    return [
      {
        tag: "img[src]",
        getAttrs: (element) =>
          isAllowedImageSrc(element.getAttribute("src")) ? null : false,
      },
    ];
  },
}).configure({ allowBase64: true });

export function editorExtensions(): Extensions {
  return [
    StarterKit.configure({
      link: false,
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      horizontalRule: false,
      code: false,
    }),
    SafeLink,
    Subscript,
    Superscript,
    TextStyle,
    Color,
    BackgroundColor,
    SafeImage,
    Youtube.configure({
      nocookie: true,
      controls: true,
      width: 640,
      height: 360,
    }),
    Indent,
    BlockDirection,
  ];
}
