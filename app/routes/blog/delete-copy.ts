// The words of deleting a post, apart from the post form's
// (app/routes/blog/editor/labels.ts): the blog list and post pages show the
// delete button and must not load the whole form's copy with it.
export const DELETE_COPY = {
  button: "Delete",
  buttonLabel: (title: string) => `Delete post ${title}`,
  confirmation: "Are you sure you want to delete this post?",
  pageTitle: "Delete post",
  confirm: "Delete Post",
  cancel: "Cancel",
} as const;
