import { Center, Loader, Modal, Text } from "@mantine/core";
import { POST_FORM_COPY } from "./labels.ts";
import { PostPreview } from "./post-preview.tsx";
import { SharePreview } from "./share-preview.tsx";
import type { PostPreviewData } from "./types.ts";

type PreviewDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Null while the server is still preparing it. */
  preview: PostPreviewData | null;
};

/** The full-screen preview overlay: focus stays inside, Escape or the close button closes it. */
export function PreviewDialog({
  opened,
  onClose,
  preview,
}: PreviewDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      title={POST_FORM_COPY.previewHeading}
      closeButtonProps={{ "aria-label": POST_FORM_COPY.closePreview }}
      transitionProps={{ duration: 0 }}
      zIndex={500}
    >
      {preview ? (
        <>
          <PostPreview preview={preview} idPrefix="preview-dialog" />
          {preview.share ? (
            <SharePreview share={preview.share} idPrefix="preview-dialog" />
          ) : null}
        </>
      ) : (
        <Center py="xl" role="status">
          <Loader size="sm" aria-hidden />
          <Text ml="sm">{POST_FORM_COPY.previewLoading}</Text>
        </Center>
      )}
    </Modal>
  );
}
