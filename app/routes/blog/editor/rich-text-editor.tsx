// The editor's controls use far more Mantine components than the pages do
// (app/styles/mantine.css has only theirs): it brings the whole set.
import "@mantine/core/styles.layer.css";
import "@mantine/tiptap/styles.layer.css";
import { RichTextEditor } from "@mantine/tiptap";
import { useEditor } from "@tiptap/react";
import {
  BackgroundColorControl,
  EDITOR_COLORS,
  ImageControl,
  ImageDescriptionControl,
  MoreToolsMenu,
  TextStyleMenu,
} from "./editor-controls.tsx";
import { editorExtensions } from "./editor-extensions.ts";
import classes from "./post-form.module.css";

type RichTextEditorFieldProps = {
  /** The HTML the editor starts from. */
  initialHtml: string;
  /** Called with the post body as HTML, or "" while the editor is empty. */
  onChange: (html: string) => void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
};

/**
 * The Content field once JavaScript runs (loaded only by the post form, in
 * its own chunk). The form keeps a hidden `content` input in step with it.
 */
export default function RichTextEditorField({
  initialHtml,
  onChange,
  labelledBy,
  describedBy,
  invalid,
}: RichTextEditorFieldProps) {
  // Applied again on every render (useEditor passes changed options on), so
  // an error that comes or goes reaches the editable element.
  const attributes = {
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelledBy,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(invalid ? { "aria-invalid": "true" } : {}),
    "data-testid": "post-editor",
  };
  const editor = useEditor({
    immediatelyRender: false,
    extensions: editorExtensions(),
    content: initialHtml,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) =>
      onChange(current.isEmpty ? "" : current.getHTML()),
  });

  // Grouped by how often a post needs them (decision 128): the everyday
  // marks, blocks and inserts stay one tap away, the rest share two menus.
  return (
    <RichTextEditor
      editor={editor}
      className={classes.editor}
      classNames={{ control: classes.control, toolbar: classes.toolbar }}
    >
      <RichTextEditor.Toolbar sticky stickyOffset={64}>
        <RichTextEditor.ControlsGroup>
          <TextStyleMenu />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <ImageControl />
          <ImageDescriptionControl />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.ColorPicker colors={EDITOR_COLORS} />
          <BackgroundColorControl />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <MoreToolsMenu />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
