// A post's description when it has neither a meta description nor an
// excerpt. A module of its own: the editor's preview uses it in the browser,
// and the blog pages' shared copy chunk must not grow by it.
export const descriptionFallback = (title: string) =>
  `Read ${title} on the blog`;
