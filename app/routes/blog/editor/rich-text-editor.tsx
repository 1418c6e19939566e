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
  IndentControl,
  OutdentControl,
  ParagraphControl,
  RtlControl,
  VideoControl,
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
  const editor = useEditor({
    immediatelyRender: false,
    extensions: editorExtensions(),
    content: initialHtml,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        "data-testid": "post-editor",
      },
    },
    onUpdate: ({ editor: current }) =>
      onChange(current.isEmpty ? "" : current.getHTML()),
  });

  return (
    <RichTextEditor editor={editor} className={classes.editor}>
      <RichTextEditor.Toolbar sticky stickyOffset={64}>
        <RichTextEditor.ControlsGroup>
          <ParagraphControl />
          <RichTextEditor.H1 />
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.H4 />
          <RichTextEditor.H5 />
          <RichTextEditor.H6 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.Subscript />
          <RichTextEditor.Superscript />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.OrderedList />
          <RichTextEditor.BulletList />
          <IndentControl />
          <OutdentControl />
          <RtlControl />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.ColorPicker colors={EDITOR_COLORS} />
          <BackgroundColorControl />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Blockquote />
          <RichTextEditor.CodeBlock />
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
          <ImageControl />
          <VideoControl />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
