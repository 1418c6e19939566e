import {
  ColorSwatch,
  Group,
  Popover,
  SimpleGrid,
  ActionIcon,
} from "@mantine/core";
import { RichTextEditor, useRichTextEditorContext } from "@mantine/tiptap";
import { useEditorState, type Editor } from "@tiptap/react";
import { useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { INLINE_IMAGE_ACCEPT, INLINE_IMAGE_MAX_BYTES } from "./editor-urls.ts";
import {
  IMAGE_UPLOAD_MESSAGES,
  IMAGE_UPLOAD_PATH,
  type ImageUploadReply,
} from "./image-upload-copy.ts";
import { EDITOR_LABELS } from "./labels.ts";

// Toolbar controls Mantine does not ship: normal text, indent, outdent,
// right-to-left, background colour, image uploaded from a local file, YouTube video.

const ICON = {
  width: 16,
  height: 16,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
} as const;

function Icon({ children }: { children: ReactNode }) {
  return <svg {...ICON}>{children}</svg>;
}

export const EDITOR_COLORS = [
  "#25262b",
  "#868e96",
  "#fa5252",
  "#e64980",
  "#be4bdb",
  "#7950f2",
  "#4c6ef5",
  "#228be6",
  "#15aabf",
  "#12b886",
  "#40c057",
  "#82c91e",
  "#fab005",
  "#fd7e14",
];

const BACKGROUND_COLORS = [
  "#fff3bf",
  "#ffe066",
  "#ffd8a8",
  "#ffc9c9",
  "#fcc2d7",
  "#eebefa",
  "#d0bfff",
  "#bac8ff",
  "#a5d8ff",
  "#99e9f2",
  "#96f2d7",
  "#b2f2bb",
  "#d8f5a2",
  "#e9ecef",
];

export function ParagraphControl() {
  const { editor } = useRichTextEditorContext();
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => current?.isActive("paragraph") ?? false,
  });
  return (
    <RichTextEditor.Control
      aria-label={EDITOR_LABELS.paragraph}
      title={EDITOR_LABELS.paragraph}
      active={active ?? false}
      onClick={() => editor?.chain().focus().setParagraph().run()}
    >
      <Icon>
        <path d="M13 4v16M17 4v16M19 4H9.5a4.5 4.5 0 0 0 0 9H13" />
      </Icon>
    </RichTextEditor.Control>
  );
}

export function IndentControl() {
  const { editor } = useRichTextEditorContext();
  return (
    <RichTextEditor.Control
      aria-label={EDITOR_LABELS.indent}
      title={EDITOR_LABELS.indent}
      onClick={() => editor?.chain().focus().indent().run()}
    >
      <Icon>
        <path d="M20 6H9M20 12h-7M20 18H9M4 8l4 4-4 4" />
      </Icon>
    </RichTextEditor.Control>
  );
}

export function OutdentControl() {
  const { editor } = useRichTextEditorContext();
  return (
    <RichTextEditor.Control
      aria-label={EDITOR_LABELS.outdent}
      title={EDITOR_LABELS.outdent}
      onClick={() => editor?.chain().focus().outdent().run()}
    >
      <Icon>
        <path d="M20 6h-11M20 12h-7M20 18h-11M8 8l-4 4 4 4" />
      </Icon>
    </RichTextEditor.Control>
  );
}

export function RtlControl() {
  const { editor } = useRichTextEditorContext();
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      if (!current) return false;
      const { $from } = current.state.selection;
      for (let depth = $from.depth; depth > 0; depth -= 1) {
        const dir = $from.node(depth).attrs.dir;
        if (dir) return dir === "rtl";
      }
      return false;
    },
  });
  return (
    <RichTextEditor.Control
      aria-label={EDITOR_LABELS.rtl}
      title={EDITOR_LABELS.rtl}
      aria-pressed={active ?? false}
      active={active ?? false}
      onClick={() => {
        const chain = editor?.chain().focus();
        if (!chain) return;
        if (active) chain.unsetTextDirection().run();
        else chain.setTextDirection("rtl").run();
      }}
    >
      <Icon>
        <path d="M16 4H9.5a3.5 3.5 0 0 0 0 7H12M12 4v16M16 4v16M8 17H3M5 15l-2 2 2 2" />
      </Icon>
    </RichTextEditor.Control>
  );
}

export function BackgroundColorControl() {
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const current = useEditorState({
    editor,
    selector: ({ editor: state }) =>
      (state?.getAttributes("textStyle").backgroundColor as
        string | undefined) ?? null,
  });
  const apply = (color: string | null) => {
    const chain = editor?.chain().focus();
    if (color) chain?.setBackgroundColor(color).run();
    else chain?.unsetBackgroundColor().run();
    setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withinPortal>
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={EDITOR_LABELS.backgroundColor}
          title={EDITOR_LABELS.backgroundColor}
          onClick={() => setOpened((open) => !open)}
        >
          <Icon>
            <path d="M4 20h16" />
            <path d="m7 16 5-12 5 12M8.7 12h6.6" />
          </Icon>
          {current ? <ColorSwatch color={current} size={8} ml={2} /> : null}
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <SimpleGrid cols={7} spacing={2}>
          {BACKGROUND_COLORS.map((color) => (
            <ColorSwatch
              key={color}
              component="button"
              type="button"
              color={color}
              size={26}
              radius="xs"
              style={{ cursor: "pointer" }}
              aria-label={EDITOR_LABELS.backgroundColorSwatch(color)}
              title={EDITOR_LABELS.backgroundColorSwatch(color)}
              onClick={() => apply(color)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <ActionIcon
            variant="default"
            aria-label={EDITOR_LABELS.clearBackground}
            title={EDITOR_LABELS.clearBackground}
            onClick={() => apply(null)}
          >
            <Icon>
              <path d="M18 6 6 18M6 6l12 12" />
            </Icon>
          </ActionIcon>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * A chain that inserts at the end of the selection. Inserting over a
 * selection replaces it, so a selected (perhaps linked) word would be lost
 * to the image or video: the selected text stays and the new node follows it.
 */
function insertAfterSelection(editor: Editor) {
  const { to } = editor.state.selection;
  return editor.chain().focus().setTextSelection(to);
}

/** Sends a local image to POST /write/image; its answer, or why not. */
async function uploadImage(file: File): Promise<ImageUploadReply> {
  const body = new FormData();
  body.append("image", file);
  try {
    const response = await fetch(IMAGE_UPLOAD_PATH, { method: "POST", body });
    return (await response.json()) as ImageUploadReply;
  } catch {
    return { ok: false, message: IMAGE_UPLOAD_MESSAGES.failed };
  }
}

/**
 * Uploads a local image into blog-images and inserts its stored URL with its
 * variants (decision 087); the original site inlined it as a data URL.
 */
export function ImageControl() {
  const { editor } = useRichTextEditorContext();
  const input = useRef<HTMLInputElement>(null);
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file || !editor) return;
    const answer =
      file.size > INLINE_IMAGE_MAX_BYTES
        ? { ok: false as const, message: IMAGE_UPLOAD_MESSAGES.tooLarge }
        : await uploadImage(file);
    if (!answer.ok) {
      window.alert(answer.message);
      return;
    }
    const inserted = insertAfterSelection(editor)
      .insertContent({ type: "image", attrs: { ...answer.image, alt: "" } })
      .run();
    if (!inserted) window.alert(EDITOR_LABELS.imageRefused);
  };
  return (
    <>
      <RichTextEditor.Control
        aria-label={EDITOR_LABELS.image}
        title={EDITOR_LABELS.image}
        onClick={() => input.current?.click()}
      >
        <Icon>
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="9" cy="10" r="2" />
          <path d="m21 16-5-5-9 9" />
        </Icon>
      </RichTextEditor.Control>
      <input
        ref={input}
        type="file"
        accept={INLINE_IMAGE_ACCEPT}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="editor-image-input"
        onChange={onChange}
      />
    </>
  );
}

/** Embeds a YouTube video from a URL the author types in. */
export function VideoControl() {
  const { editor } = useRichTextEditorContext();
  return (
    <RichTextEditor.Control
      aria-label={EDITOR_LABELS.video}
      title={EDITOR_LABELS.video}
      onClick={() => {
        if (!editor) return;
        const url = window.prompt(EDITOR_LABELS.videoPrompt)?.trim();
        if (!url) return;
        if (!insertAfterSelection(editor).setYoutubeVideo({ src: url }).run()) {
          window.alert(EDITOR_LABELS.videoRefused);
        }
      }}
    >
      <Icon>
        <rect x="2" y="5" width="20" height="14" rx="4" />
        <path d="m10 9 5 3-5 3z" />
      </Icon>
    </RichTextEditor.Control>
  );
}
