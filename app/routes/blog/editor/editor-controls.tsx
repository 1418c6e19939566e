import {
  Button,
  Checkbox,
  ColorSwatch,
  Group,
  Menu,
  Popover,
  SimpleGrid,
  Stack,
  TextInput,
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
import classes from "./post-form.module.css";

// Toolbar controls Mantine does not ship: the text style and "more" menus,
// background colour, image uploaded from a local file, an image's
// description; and the commands the "more" menu runs (indent, outdent,
// right-to-left, YouTube video).

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

const CHEVRON = <path d="m6 9 6 6 6-6" />;
const CHECK = <path d="M20 6 9 17l-5-5" />;

const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;

/** The text style of the block at the caret: normal text or a heading level. */
function useTextStyle(editor: Editor | null) {
  return useEditorState({
    editor,
    selector: ({ editor: current }) => {
      for (const level of HEADING_LEVELS) {
        if (current?.isActive("heading", { level })) return level;
      }
      return 0;
    },
  });
}

/** Normal text or headings 1 to 6, one menu in place of seven buttons. */
export function TextStyleMenu() {
  const { editor } = useRichTextEditorContext();
  const level = useTextStyle(editor) ?? 0;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <RichTextEditor.Control
          aria-label={EDITOR_LABELS.textStyle}
          title={EDITOR_LABELS.textStyle}
          w="auto"
          px="xs"
        >
          <span className={classes.menuValue}>
            {level === 0 ? EDITOR_LABELS.paragraphShort : `H${level}`}
          </span>
          <Icon>{CHEVRON}</Icon>
        </RichTextEditor.Control>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          aria-current={level === 0 || undefined}
          onClick={() => editor?.chain().focus().setParagraph().run()}
        >
          {EDITOR_LABELS.paragraph}
        </Menu.Item>
        {HEADING_LEVELS.map((heading) => (
          <Menu.Item
            key={heading}
            aria-current={level === heading || undefined}
            onClick={() =>
              editor?.chain().focus().setHeading({ level: heading }).run()
            }
          >
            {EDITOR_LABELS.heading(heading)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Whether the block at the caret runs right to left. */
function useRtl(editor: Editor | null) {
  return useEditorState({
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
}

/** Asks for a YouTube URL and embeds it after the selection. */
function insertVideo(editor: Editor) {
  const url = window.prompt(EDITOR_LABELS.videoPrompt)?.trim();
  if (!url) return;
  if (!insertAfterSelection(editor).setYoutubeVideo({ src: url }).run()) {
    window.alert(EDITOR_LABELS.videoRefused);
  }
}

/**
 * The tools a post needs now and then, in one menu: strike, subscript,
 * superscript, blockquote, code block, indent, outdent, right-to-left, unlink, video and
 * clear formatting.
 */
export function MoreToolsMenu() {
  const { editor } = useRichTextEditorContext();
  const rtl = useRtl(editor) ?? false;
  const run = (command: (editor: Editor) => unknown) => () => {
    if (editor) command(editor);
  };
  const items: { label: string; checked?: boolean; onClick: () => void }[] = [
    {
      label: EDITOR_LABELS.strike,
      onClick: run((e) => e.chain().focus().toggleStrike().run()),
    },
    {
      label: EDITOR_LABELS.subscript,
      onClick: run((e) => e.chain().focus().toggleSubscript().run()),
    },
    {
      label: EDITOR_LABELS.superscript,
      onClick: run((e) => e.chain().focus().toggleSuperscript().run()),
    },
    {
      label: EDITOR_LABELS.blockquote,
      onClick: run((e) => e.chain().focus().toggleBlockquote().run()),
    },
    {
      label: EDITOR_LABELS.codeBlock,
      onClick: run((e) => e.chain().focus().toggleCodeBlock().run()),
    },
    {
      label: EDITOR_LABELS.indent,
      onClick: run((e) => e.chain().focus().indent().run()),
    },
    {
      label: EDITOR_LABELS.outdent,
      onClick: run((e) => e.chain().focus().outdent().run()),
    },
    {
      label: EDITOR_LABELS.rtl,
      checked: rtl,
      onClick: run((e) =>
        rtl
          ? e.chain().focus().unsetTextDirection().run()
          : e.chain().focus().setTextDirection("rtl").run(),
      ),
    },
    {
      label: EDITOR_LABELS.unlink,
      onClick: run((e) => e.chain().focus().unsetLink().run()),
    },
    { label: EDITOR_LABELS.video, onClick: run(insertVideo) },
    {
      label: EDITOR_LABELS.clearFormatting,
      onClick: run((e) => e.chain().focus().unsetAllMarks().run()),
    },
  ];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <RichTextEditor.Control
          aria-label={EDITOR_LABELS.more}
          title={EDITOR_LABELS.more}
        >
          <Icon>
            <circle cx="5" cy="12" r="1" />
            <circle cx="12" cy="12" r="1" />
            <circle cx="19" cy="12" r="1" />
          </Icon>
        </RichTextEditor.Control>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item
            key={item.label}
            onClick={item.onClick}
            data-active={item.checked || undefined}
            rightSection={item.checked ? <Icon>{CHECK}</Icon> : null}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
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

type ImageDescription = { alt: string; decorative: boolean };

/**
 * The selected image's alt text, or its mark as decorative (decision 134):
 * a post goes public only once every image has one or the other.
 */
export function ImageDescriptionControl() {
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<ImageDescription>({
    alt: "",
    decorative: false,
  });
  const selected = useEditorState({
    editor,
    selector: ({ editor: state }) => state?.isActive("image") ?? false,
  });
  const open = () => {
    if (!editor || !selected) return;
    const attributes = editor.getAttributes("image");
    setDraft({
      alt: typeof attributes.alt === "string" ? attributes.alt : "",
      decorative: attributes.decorative === true,
    });
    setOpened(true);
  };
  const apply = () => {
    const alt = draft.alt.trim();
    editor
      ?.chain()
      .focus()
      .updateAttributes("image", {
        alt: alt === "" && !draft.decorative ? null : alt,
        decorative: alt === "" && draft.decorative,
      })
      .run();
    setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withinPortal>
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={EDITOR_LABELS.imageDescription}
          title={
            selected
              ? EDITOR_LABELS.imageDescription
              : EDITOR_LABELS.imageDescriptionHint
          }
          disabled={!selected}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <Icon>
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <path d="M7 15h6M7 11h10" />
          </Icon>
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            // Portalled out of the post form in the page, but not in
            // React's tree: the post form must not hear this submit.
            event.preventDefault();
            event.stopPropagation();
            apply();
          }}
        >
          <Stack gap="sm" w={280}>
            <TextInput
              label={EDITOR_LABELS.imageAlt}
              value={draft.alt}
              disabled={draft.decorative}
              onChange={(event) => {
                const alt = event.currentTarget.value;
                setDraft((current) => ({ ...current, alt }));
              }}
            />
            <Checkbox
              label={EDITOR_LABELS.imageDecorative}
              checked={draft.decorative}
              onChange={(event) => {
                const decorative = event.currentTarget.checked;
                setDraft((current) => ({ ...current, decorative }));
              }}
            />
            <Group justify="flex-end">
              <Button type="submit" size="xs">
                {EDITOR_LABELS.applyDescription}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
