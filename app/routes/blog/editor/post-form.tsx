import { getFormProps } from "@conform-to/react";
import {
  Anchor,
  Button,
  Container,
  Group,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  FormErrors,
  SubmitButton,
  TextField,
  usePendingPost,
  useSchemaForm,
} from "#app/components/form-kit.tsx";
import { BLOG_PATH } from "#app/content/blog.ts";
import { Toast } from "#app/components/toast.tsx";
import type { ToastData } from "#app/utils/toast.ts";
import { MISSING_INFORMATION } from "#app/routes/blog/post-messages.ts";
import {
  hasVisibleContent,
  parseTagList,
  postSchemaFor,
  PostSchema,
} from "./post-schema.ts";
import { ContentField } from "./content-field.tsx";
import { CoverField } from "./cover-field.tsx";
import { DeletePostControl } from "./delete-post-control.tsx";
import { LeaveWarning } from "./leave-warning.tsx";
import { TitleField } from "./title-field.tsx";
import { POST_FORM_COPY } from "./labels.ts";
import classes from "./post-form.module.css";
import { PostPreview } from "./post-preview.tsx";
import { PreviewDialog } from "./preview-dialog.tsx";
import { PublicationFields } from "./publication-fields.tsx";
import { PostTools } from "./post-tools.tsx";
import { ConflictNotice } from "./conflict-notice.tsx";
import { ImageAltErrors } from "./image-alt-errors.tsx";
import { useChosenImage } from "./image-file-field.tsx";
import { BackstopOffer } from "./backstop-offer.tsx";
import {
  AUTOSAVE_DELAY_MS,
  autosaves,
  autosaveScheduler,
  autosaveStatusText,
  worthAutosaving,
  type AutosaveScheduler,
  type AutosaveStatus,
} from "./autosave.ts";
import {
  backstopDiffers,
  backstopKey,
  backstopOf,
  clearBackstop,
  readBackstop,
  writeBackstop,
  type Backstop,
} from "./local-backstop.ts";
import { ShareFields } from "./share-fields.tsx";
import { BylineFields, type BylineChoices } from "./byline-fields.tsx";
import { SharePreview } from "./share-preview.tsx";
import {
  readShareText,
  sharePreviewData,
  type ShareText,
} from "./share-text.ts";
import { TagsField } from "./tags-field.tsx";
import type {
  EditablePost,
  PostActionData,
  PostConflict,
  PostPreviewData,
} from "./types.ts";

const FORM_ID = "post-form";

type PostFormProps = {
  /** The post being edited; none on /write. */
  post?: EditablePost;
  existingTags: string[];
  /** The choices of the schedule's time zone, from the server. */
  timeZones: string[];
  /**
   * The post's address (the blog's for a new post), and the site's social
   * image, shown when the post has none of its own: from the loader, so the
   * public pages' shared chunks do not carry them.
   */
  share: { url: string; defaultImage: string };
  bylines: BylineChoices;
  actionData?: PostActionData;
};

function asText(value: unknown) {
  return typeof value === "string" ? value : undefined;
}

/** The values the form opens with: the post's as saved, or none yet. */
function savedValues(post: EditablePost | undefined) {
  return {
    title: post?.title ?? "",
    excerpt: post?.excerpt ?? "",
    content: post?.content ?? "",
    tags: post?.tags ?? [],
    coverAlt: post?.coverAlt ?? "",
    coverDecorative: post?.coverDecorative ?? false,
    metaDescription: post?.metaDescription ?? "",
  };
}

function formElement() {
  const element = document.getElementById(FORM_ID);
  return element instanceof HTMLFormElement ? element : null;
}

function timeOfDay(at: Date) {
  return at.toLocaleTimeString(undefined, {
    hour: "numeric",
    minute: "2-digit",
  });
}

/**
 * The post form of /write and /edit/{id}. It is a plain multipart form that
 * publishes, updates and previews without JavaScript; scripts add the
 * rich-text editor, the tag chips, the cover preview, instant validation,
 * the full-screen preview, the local backstop (a copy of unsent work kept
 * in this browser, offered back when the form opens again) and, for a new
 * post or a draft, autosave to the server.
 */
export function PostForm(props: PostFormProps) {
  const storageKey = backstopKey(props.post?.id ?? null);
  const [offer, setOffer] = useState<Backstop | null>(null);
  const [restored, setRestored] = useState<{
    values: Backstop;
    times: number;
  } | null>(null);
  const { post, actionData } = props;

  useEffect(() => {
    // An answer to a submission already shows the author's values.
    if (actionData) return;
    const kept = readBackstop(storageKey);
    if (!kept) return;
    if (backstopDiffers(kept, savedValues(post))) setOffer(kept);
    else clearBackstop(storageKey);
    // Once per page: the offer is about what the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey]);

  const notice = offer ? (
    <BackstopOffer
      savedAt={offer.savedAt}
      onRestore={() => {
        setRestored((current) => ({
          values: offer,
          times: (current?.times ?? 0) + 1,
        }));
        setOffer(null);
      }}
      onDiscard={() => {
        clearBackstop(storageKey);
        setOffer(null);
      }}
    />
  ) : null;
  return (
    <PostFormView
      key={restored?.times ?? 0}
      {...props}
      storageKey={storageKey}
      restored={restored?.values ?? null}
      notice={notice}
    />
  );
}

function PostFormView({
  post,
  existingTags,
  timeZones,
  share,
  bylines,
  actionData,
  storageKey,
  restored,
  notice,
}: PostFormProps & {
  storageKey: string;
  /** The kept copy the author chose to restore, if any. */
  restored: Backstop | null;
  notice: ReactNode;
}) {
  const editing = post !== undefined;
  // A draft or a scheduled post is published by the main button; a
  // published one is updated.
  const updating = post?.publication.state === "published";
  const hydrated = useHydrated();
  const location = useLocation();
  const previewFetcher = useFetcher<PostActionData>();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [toast, setToast] = useState<ToastData | null>(
    actionData?.toast ?? null,
  );
  const [coverUrl, chooseCover] = useChosenImage();
  const [socialUrl, chooseSocial] = useChosenImage();
  // Anything typed, picked or toggled since the work was last sent. Sent
  // work leaves by a redirect, which nothing holds up, and may land on this
  // same page (a saved draft comes back to /write): so sending clears it,
  // and an answer that keeps the author here (refused, a conflict, a
  // preview) means nothing was stored, so it is unsaved again.
  const [unsaved, setUnsaved] = useState(restored !== null);
  const backstopTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(backstopTimer.current), []);

  // Autosave: the post the first autosave of a new post created (the form
  // carries on as that post, on this page), the version the form now edits,
  // and what the status line says.
  const autosaveFetcher = useFetcher<PostActionData>();
  const [created, setCreated] = useState<string | null>(null);
  const postId = post?.id ?? created;
  const backstopAt = created ? backstopKey(created) : storageKey;
  const formAction = created ? `/edit/${created}` : undefined;
  const [base, setBase] = useState(
    actionData?.conflict?.updatedAt ??
      restored?.baseUpdatedAt ??
      post?.updatedAt ??
      null,
  );
  const [autosaveStatus, setAutosaveStatus] = useState<AutosaveStatus>({
    kind: "idle",
  });
  const [autosaveConflict, setAutosaveConflict] = useState<PostConflict | null>(
    null,
  );
  const autosaveOn = hydrated && autosaves(post?.publication.state ?? null);
  // Edits counted, to tell whether the values an autosave sent are still
  // all there is; the answer it got; a button pressed while it was on its
  // way, pressed again once the form has its new version.
  const edits = useRef(0);
  const editsSent = useRef(0);
  const answered = useRef<PostActionData | undefined>(undefined);
  const queuedSubmit = useRef<HTMLElement | null>(null);
  const [settled, setSettled] = useState(0);
  const sendAutosave = useRef<() => boolean>(() => false);
  const scheduler = useRef<AutosaveScheduler | null>(null);
  useEffect(() => {
    const made = autosaveScheduler({
      delay: AUTOSAVE_DELAY_MS,
      save: () => sendAutosave.current(),
    });
    scheduler.current = made;
    return () => made.stop();
  }, []);

  useEffect(() => {
    setToast(actionData?.toast ?? null);
    if (actionData) setUnsaved(true);
    if (actionData?.conflict) setBase(actionData.conflict.updatedAt);
  }, [actionData]);

  const [form, fields] = useSchemaForm({
    id: FORM_ID,
    schema: PostSchema,
    schemaFor: (formData) =>
      postSchemaFor(formData.get("intent"), {
        currentCover: Boolean(post?.coverImageUrl),
      }),
    lastResult: actionData?.result,
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
    defaultValue: {
      ...(restored ?? savedValues(post)),
      bylineId: (post ? post.bylineId : bylines.newPost) ?? "",
      coAuthorId: post?.coAuthorId ?? "",
    },
  });
  const [shareText, setShareText] = useState<ShareText>(() => ({
    title: asText(fields.title.initialValue) ?? "",
    excerpt: asText(fields.excerpt.initialValue) ?? "",
    metaDescription: asText(fields.metaDescription.initialValue) ?? "",
  }));
  const onEdited = (event: FormEvent<HTMLFormElement>) => {
    setUnsaved(true);
    edits.current += 1;
    if (autosaveOn) scheduler.current?.touch();
    const element = event.currentTarget;
    setShareText(readShareText(element));
    // Kept a moment after the last keystroke, not on each one.
    window.clearTimeout(backstopTimer.current);
    backstopTimer.current = window.setTimeout(() => {
      writeBackstop(backstopAt, backstopOf(element, new Date()));
    }, 500);
  };
  const liveShare = sharePreviewData({
    text: shareText,
    url: share.url,
    imageUrl:
      socialUrl ??
      post?.socialImage.own ??
      coverUrl ??
      post?.socialImage.current ??
      share.defaultImage,
  });

  const busy = usePendingPost({
    action: formAction,
    matches: (formData) => formData.get("intent") !== "preview",
  });

  // Assigned after each render, so a save sees this render's post and version.
  useEffect(() => {
    sendAutosave.current = () => {
      const element = formElement();
      if (!element || busy) return false;
      const formData = new FormData(element);
      if (!worthAutosaving(formData)) return false;
      formData.set("intent", "autosave");
      // Files wait for the author's own save.
      formData.delete("cover");
      formData.delete("socialImage");
      editsSent.current = edits.current;
      autosaveFetcher.submit(formData, {
        method: "post",
        action: postId ? `/edit/${postId}` : location.pathname,
        encType: "multipart/form-data",
      });
      setAutosaveStatus({ kind: "saving" });
      return true;
    };
  });

  // An autosave answered: adopt the version it made (and, for a new post,
  // the post itself), or stop at someone else's version.
  useEffect(() => {
    if (autosaveFetcher.state !== "idle" || !scheduler.current?.inFlight())
      return;
    const answer = autosaveFetcher.data;
    if (!answer || answer === answered.current) {
      setAutosaveStatus({
        kind: "failed",
        reason: POST_FORM_COPY.autosaveNoAnswer,
      });
    } else if (answer.autosaved) {
      const { id, updatedAt } = answer.autosaved;
      setBase(updatedAt);
      if (!post) {
        setCreated(id);
        clearBackstop(storageKey);
      }
      const element = formElement();
      if (edits.current === editsSent.current) {
        setUnsaved(false);
        clearBackstop(backstopKey(id));
      } else if (element) {
        window.clearTimeout(backstopTimer.current);
        writeBackstop(backstopKey(id), {
          ...backstopOf(element, new Date()),
          baseUpdatedAt: updatedAt,
        });
      }
      setAutosaveStatus({ kind: "saved", at: new Date() });
    } else if (answer.conflict) {
      scheduler.current?.stop();
      setAutosaveConflict(answer.conflict);
      setBase(answer.conflict.updatedAt);
      setAutosaveStatus({ kind: "stopped" });
      queuedSubmit.current = null;
    } else {
      setAutosaveStatus({
        kind: "failed",
        reason: answer.toast?.description ?? POST_FORM_COPY.autosaveNoAnswer,
      });
    }
    answered.current = answer;
    setSettled((count) => count + 1);
  }, [autosaveFetcher.state, autosaveFetcher.data, post, storageKey]);

  // Once the form shows the new version: a button pressed meanwhile goes
  // now, else a save that fell due meanwhile.
  useEffect(() => {
    if (settled === 0) return;
    const submitter = queuedSubmit.current;
    queuedSubmit.current = null;
    if (submitter) {
      scheduler.current?.cancel();
      scheduler.current?.settled();
      formElement()?.requestSubmit(submitter);
    } else {
      scheduler.current?.settled();
    }
  }, [settled]);

  const submittedBefore = actionData !== undefined;
  const initialContent =
    asText(fields.content.initialValue) ?? post?.content ?? "";
  const initialTags = parseTagList(
    (fields.tags.initialValue as Parameters<typeof parseTagList>[0]) ??
      post?.tags ??
      [],
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // Sent now, it would name the version before the autosave on its way
    // and be refused as someone else's: it goes once that one is answered.
    if (scheduler.current?.inFlight() && submitter) {
      event.preventDefault();
      queuedSubmit.current = submitter;
      return;
    }
    const formData = new FormData(event.currentTarget, submitter);
    const missing =
      formData.get("intent") !== "preview" &&
      (!asText(formData.get("title"))?.trim() ||
        !hasVisibleContent(asText(formData.get("content"))));
    if (missing) {
      setToast({
        id: crypto.randomUUID(),
        type: "error",
        ...MISSING_INFORMATION,
      });
    }
    form.onSubmit(event);
    if (!event.defaultPrevented) {
      setUnsaved(false);
      scheduler.current?.cancel();
      // Sent: the server has it now, or answers with it kept in the form.
      window.clearTimeout(backstopTimer.current);
      if (formData.get("intent") !== "preview") clearBackstop(backstopAt);
    }
  };

  const openPreview = (event: MouseEvent<HTMLButtonElement>) => {
    const element = document.getElementById(FORM_ID);
    if (!(element instanceof HTMLFormElement)) return;
    // With scripts the preview opens over the page; the server still renders
    // and sanitizes it, exactly as it would without them.
    event.preventDefault();
    const formData = new FormData(element);
    formData.set("intent", "preview");
    formData.delete("cover");
    formData.delete("socialImage");
    previewFetcher.submit(formData, {
      method: "post",
      action: location.pathname,
      encType: "multipart/form-data",
    });
    setPreviewOpen(true);
  };

  const fetchedPreview =
    previewFetcher.state === "idle" ? previewFetcher.data?.preview : null;
  const dialogPreview: PostPreviewData | null = fetchedPreview
    ? {
        ...fetchedPreview,
        coverUrl: coverUrl ?? post?.coverImageUrl ?? null,
        share: liveShare,
      }
    : null;
  const serverPreview = hydrated ? null : (actionData?.preview ?? null);
  const conflict = actionData?.conflict ?? autosaveConflict;

  return (
    <Container size="md" className={classes.page}>
      {/* The first submit button of the form: Enter in a field publishes, as in the original. */}
      <button
        type="submit"
        form={FORM_ID}
        name="intent"
        value="publish"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      />
      <header className={classes.header}>
        <Title order={1}>
          {editing ? POST_FORM_COPY.editHeading : POST_FORM_COPY.writeHeading}
        </Title>
        <Group gap="sm">
          <Button
            type="submit"
            form={FORM_ID}
            name="intent"
            value="preview"
            formNoValidate
            variant="default"
            onClick={openPreview}
          >
            {POST_FORM_COPY.preview}
          </Button>
          {editing ? (
            <Button component={Link} to="/write" variant="default">
              {POST_FORM_COPY.newPost}
            </Button>
          ) : null}
          {editing ? (
            <Button
              component={Link}
              to={`${BLOG_PATH}/${post.id}`}
              variant="default"
            >
              {POST_FORM_COPY.viewPost}
            </Button>
          ) : null}
          <Button component={Link} to="/blueprints" variant="default">
            {POST_FORM_COPY.blueprints}
          </Button>
        </Group>
      </header>
      {notice}

      {serverPreview ? (
        <section
          className={classes.inlinePreview}
          aria-labelledby="inline-preview-heading"
        >
          <Group justify="space-between" align="center" mb="md">
            <Title order={2} id="inline-preview-heading" size="h4">
              {POST_FORM_COPY.previewHeading}
            </Title>
            <Anchor href={`#${FORM_ID}`}>{POST_FORM_COPY.closePreview}</Anchor>
          </Group>
          <PostPreview preview={serverPreview} idPrefix="inline-preview" />
          {serverPreview.share ? (
            <SharePreview
              share={serverPreview.share}
              idPrefix="inline-preview"
            />
          ) : null}
        </section>
      ) : null}

      {postId && conflict ? (
        <ConflictNotice conflict={conflict} postId={postId} formId={FORM_ID} />
      ) : null}

      {/* With scripts the toast says it. */}
      {hydrated ? null : (
        <FormErrors
          form={form}
          title={actionData?.toast?.title ?? MISSING_INFORMATION.title}
          mb="lg"
        />
      )}

      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        action={formAction}
        onSubmit={onSubmit}
        onInput={onEdited}
        onChange={onEdited}
        className={classes.form}
      >
        <Stack gap="lg">
          {postId && base ? (
            // A restored copy saves against the version it was made from:
            // if the post changed since, the author sees both (decision 133).
            <input type="hidden" name="baseUpdatedAt" value={base} />
          ) : null}
          <TitleField meta={fields.title} />
          <CoverField
            cover={fields.cover}
            currentUrl={post?.coverImageUrl ?? null}
            chooseAgain={submittedBefore && !hydrated}
            chosenUrl={coverUrl}
            onFileChange={(file) => {
              chooseCover(file);
              form.validate({ name: fields.cover.name });
            }}
            alt={fields.coverAlt}
            decorative={fields.coverDecorative}
          />
          <TextField
            meta={fields.excerpt}
            label={POST_FORM_COPY.excerpt}
            placeholder={POST_FORM_COPY.excerptPlaceholder}
          />
          <ContentField
            key={fields.content.key}
            name={fields.content.name}
            id={fields.content.id}
            errorId={fields.content.errorId}
            errors={fields.content.errors}
            initialHtml={initialContent}
            required={fields.content.required ?? true}
          />
          <BylineFields
            byline={fields.bylineId}
            coAuthor={fields.coAuthorId}
            choices={bylines}
            saved={post?.bylineId ?? null}
          />
          <ShareFields
            metaDescription={fields.metaDescription}
            socialImage={fields.socialImage}
            currentUrl={post?.socialImage.own ?? null}
            onFileChange={(file) => {
              chooseSocial(file);
              form.validate({ name: fields.socialImage.name });
            }}
          />
          {hydrated ? <SharePreview share={liveShare} idPrefix="live" /> : null}
          <TagsField
            key={fields.tags.key}
            name={fields.tags.name}
            id={fields.tags.id}
            existingTags={existingTags}
            initialTags={initialTags}
            enhanced={hydrated}
            errorId={fields.tags.errorId}
            errors={fields.tags.errors}
          />
          {post ? (
            <PostTools
              postId={post.id}
              published={post.publication.state === "published"}
              sendsNewsletter={post.sendsNewsletter}
            />
          ) : null}
          <PublicationFields
            publishAt={fields.publishAt}
            timeZone={fields.timeZone}
            publication={post?.publication ?? null}
            timeZones={timeZones}
            busy={busy}
          />
          <ImageAltErrors
            id={`${FORM_ID}-image-alt-error`}
            errors={form.allErrors.imageAlt}
          />
          <div className={classes.actions}>
            {editing && post.deletable ? (
              <DeletePostControl
                postId={post.id}
                title={post.title ?? ""}
                onDeleting={() => {
                  setUnsaved(false);
                  scheduler.current?.stop();
                  clearBackstop(storageKey);
                }}
              />
            ) : null}
            <div className={classes.actionsEnd}>
              {autosaveOn ? (
                <Text
                  size="sm"
                  c="dimmed"
                  role="status"
                  className={classes.autosaveStatus}
                >
                  {autosaveStatusText(autosaveStatus, timeOfDay)}
                </Text>
              ) : null}
              <SubmitButton
                name="intent"
                value="publish"
                size="md"
                busy={busy}
                busyLabel={
                  updating ? POST_FORM_COPY.updating : POST_FORM_COPY.publishing
                }
              >
                {updating ? POST_FORM_COPY.update : POST_FORM_COPY.publish}
              </SubmitButton>
            </div>
          </div>
        </Stack>
      </Form>

      <PreviewDialog
        opened={previewOpen}
        onClose={() => setPreviewOpen(false)}
        preview={dialogPreview}
      />
      {hydrated ? <Toast toast={toast} /> : null}
      <LeaveWarning unsaved={unsaved} sendsTo={formAction} />
    </Container>
  );
}
